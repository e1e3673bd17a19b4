import { AccountController } from './account/account.controller';
import { AccountExportsRepository } from './account/account-exports.repository';
import { adminControllers, adminProviders } from './admin/admin.module';
import { apiKeyControllers, apiV1Controllers, apiV1Providers } from './api-v1/api-v1.module';
import { AuthController } from './auth/auth.controller';
import { IdentityProvider } from './auth/identity-provider';
import { CurrentUsers } from './auth/current-users';
import { SignedInGuard } from './auth/signed-in.guard';
import { Module, Optional, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { Messages } from '@lipcast/contracts';
import { MediaLinks, OpsRegistry, ServiceClient, ServiceClientModule, StorageService } from '@lipcast/nest-kit';
import type { Request } from 'express';
import pg from 'pg';
import { PlansController } from './billing/plans.controller';
import { StripeController } from './billing/stripe.controller';
import { StripeWebhookController } from './billing/stripe-webhook.controller';
import { ProviderWebhookController } from './generation/provider-webhook.controller';
import { BlogController } from './content/blog.controller';
import { NewsletterController } from './content/newsletter.controller';
import { MailPreferencesController } from './content/mail-preferences.controller';
import { HealthController } from './health/health.controller';
import { Draining } from './http/draining';
import { PgThrottlerStorage } from './http/pg-throttler-storage';
import { isSignInRoute, signInTracker } from './http/sign-in-rate-limit';
import { isPreviewRoute, previewTracker } from './http/preview-rate-limit';
import { PublicReadCaching, PublicReads } from './http/public-reads';
import { gatewayOpsRegistry } from './health/readiness';
import type { Infrastructure } from './infrastructure';
import { MediaAccessPolicy } from './media/media-access.policy';
import { MediaResponder } from './media/media-responder';
import { MediaController } from './media/media.controller';
import { GenerationController } from './generation/generation.controller';
import { InfluencersController } from './generation/influencers.controller';
import { OwnActorsController } from './generation/own-actors.controller';
import { AudioUploadsController } from './generation/audio-uploads.controller';
import { VoiceClonesController } from './generation/voice-clones.controller';
import { OpenStreams } from './generation/open-streams';
import { JobWatcherRecords } from './generation/job-watcher-records';
import { JobWatchers } from './generation/job-watchers';
import { ProjectsController } from './generation/projects.controller';
import { VoiceSamplesController } from './generation/voice-samples.controller';
import { GatewaySettings } from './settings';

@Module({})
export class AppModule implements OnApplicationShutdown {
  constructor(
    private readonly database: pg.Pool,
    @Optional() private readonly rateLimitStorage?: PgThrottlerStorage,
  ) {}

  onApplicationShutdown(): Promise<void> {
    this.rateLimitStorage?.stop();
    return this.database.end();
  }

  static forRoot(settings: GatewaySettings, infrastructure: Infrastructure): DynamicModule {
    // Counters in PostgreSQL hold across every replica; in-process memory only when configured so.
    const rateLimitStorage = settings.RATE_LIMIT_STORE === 'postgres' ? new PgThrottlerStorage(infrastructure.database) : null;
    return {
      module: AppModule,
      imports: [
        ServiceClientModule.forRoot({ url: settings.NATS_URL, credentials: settings, role: 'gateway', timeoutMs: settings.NATS_REQUEST_TIMEOUT_MS, name: 'lipcast-gateway' }),
        ThrottlerModule.forRoot({
          throttlers: [
            { name: 'api', ttl: 60_000, limit: settings.RATE_LIMIT_PER_MINUTE },
            // Sign-in has its own, lower limit per address; it counts only the routes marked @SignInRoute().
            { name: 'sign-in', ttl: 60_000, limit: settings.SIGN_IN_RATE_LIMIT_PER_MINUTE, skipIf: (context) => !isSignInRoute(context), getTracker: (request, context) => signInTracker(request as Request, context) },
            // The free but costly previews (@PreviewRoute()) have their own limit per signed-in user (per address when signed out).
            { name: 'preview', ttl: 60_000, limit: settings.PREVIEW_RATE_LIMIT_PER_MINUTE, skipIf: (context) => !isPreviewRoute(context), getTracker: (request) => previewTracker(request as Request) },
          ],
          ...(rateLimitStorage ? { storage: rateLimitStorage } : {}),
          errorMessage: Messages.rateLimited,
        }),
      ],
      controllers: [
        AccountController,
        AuthController,
        HealthController,
        BlogController,
        NewsletterController,
        MailPreferencesController,
        PlansController,
        StripeController,
        StripeWebhookController,
        ProviderWebhookController,
        ProjectsController,
        GenerationController,
        VoiceSamplesController,
        InfluencersController,
        OwnActorsController,
        AudioUploadsController,
        VoiceClonesController,
        MediaController,
        ...adminControllers,
        ...apiKeyControllers,
        // Last: the public API ends with its not-found catch-all for /api/v1.
        ...apiV1Controllers,
      ],
      providers: [
        { provide: APP_GUARD, useClass: ThrottlerGuard },
        { provide: APP_GUARD, useClass: SignedInGuard },
        { provide: StorageService, useValue: infrastructure.storage },
        { provide: MediaLinks, useValue: infrastructure.mediaLinks },
        { provide: pg.Pool, useValue: infrastructure.database },
        { provide: GatewaySettings, useValue: settings },
        ...(rateLimitStorage ? [{ provide: PgThrottlerStorage, useValue: rateLimitStorage }] : []),
        {
          provide: OpsRegistry,
          inject: [ServiceClient],
          useFactory: (services: ServiceClient) => gatewayOpsRegistry(services, infrastructure.storage, infrastructure.database),
        },
        { provide: PublicReads, inject: [ServiceClient], useFactory: (services: ServiceClient) => new PublicReads(services, settings.PUBLIC_READ_CACHE_SECONDS) },
        PublicReadCaching,
        AccountExportsRepository,
        CurrentUsers,
        IdentityProvider,
        MediaAccessPolicy,
        MediaResponder,
        OpenStreams,
        JobWatchers,
        JobWatcherRecords,
        Draining,
        ...adminProviders(settings),
        ...apiV1Providers,
      ],
    };
  }
}
