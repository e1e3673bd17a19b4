import { AuthController, isSignInRoute } from './auth/auth.controller';
import { SignedInGuard } from './auth/signed-in.guard';
import { Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { Messages } from '@lipcast/contracts';
import { ServiceClientModule, StorageService } from '@lipcast/nest-kit';
import pg from 'pg';
import { PlansController } from './billing/plans.controller';
import { StripeController } from './billing/stripe.controller';
import { StripeWebhookController } from './billing/stripe-webhook.controller';
import { BlogController } from './content/blog.controller';
import { NewsletterController } from './content/newsletter.controller';
import { HealthController } from './health/health.controller';
import type { Infrastructure } from './infrastructure';
import { MediaAccessPolicy } from './media/media-access.policy';
import { MediaController } from './media/media.controller';
import { GenerationController } from './generation/generation.controller';
import { InfluencersController } from './generation/influencers.controller';
import { ProjectsController } from './generation/projects.controller';
import { GatewaySettings } from './settings';

@Module({})
export class AppModule implements OnApplicationShutdown {
  constructor(private readonly database: pg.Pool) {}

  onApplicationShutdown(): Promise<void> {
    return this.database.end();
  }

  static forRoot(settings: GatewaySettings, infrastructure: Infrastructure): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceClientModule.forRoot({ url: settings.NATS_URL, timeoutMs: settings.NATS_REQUEST_TIMEOUT_MS, name: 'lipcast-gateway' }),
        ThrottlerModule.forRoot({
          throttlers: [
            { name: 'api', ttl: 60_000, limit: settings.RATE_LIMIT_PER_MINUTE },
            // Sign-in has its own, lower limit per address; it counts only the sign-in routes.
            { name: 'sign-in', ttl: 60_000, limit: settings.SIGN_IN_RATE_LIMIT_PER_MINUTE, skipIf: (context) => !isSignInRoute(context) },
          ],
          errorMessage: Messages.rateLimited,
        }),
      ],
      controllers: [
        AuthController,
        HealthController,
        BlogController,
        NewsletterController,
        PlansController,
        StripeController,
        StripeWebhookController,
        ProjectsController,
        GenerationController,
        InfluencersController,
        MediaController,
      ],
      providers: [
        { provide: APP_GUARD, useClass: ThrottlerGuard },
        { provide: APP_GUARD, useClass: SignedInGuard },
        { provide: StorageService, useValue: infrastructure.storage },
        { provide: pg.Pool, useValue: infrastructure.database },
        { provide: GatewaySettings, useValue: settings },
        MediaAccessPolicy,
      ],
    };
  }
}
