import { Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { Messages } from '@lipcast/contracts';
import { ServiceClient, StorageService } from '@lipcast/nest-kit';
import pg from 'pg';
import { PlansController } from './billing/plans.controller';
import { BlogController } from './content/blog.controller';
import { HealthController } from './health/health.controller';
import type { Infrastructure } from './infrastructure';
import { MediaAccessPolicy } from './media/media-access.policy';
import { MediaController } from './media/media.controller';
import type { GatewaySettings } from './settings';

@Module({})
export class AppModule {
  static forRoot(settings: GatewaySettings, infrastructure: Infrastructure): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ThrottlerModule.forRoot({
          throttlers: [{ name: 'api', ttl: 60_000, limit: settings.RATE_LIMIT_PER_MINUTE }],
          errorMessage: Messages.rateLimited,
        }),
      ],
      controllers: [HealthController, BlogController, PlansController, MediaController],
      providers: [
        { provide: APP_GUARD, useClass: ThrottlerGuard },
        { provide: ServiceClient, useValue: infrastructure.services },
        { provide: StorageService, useValue: infrastructure.storage },
        { provide: pg.Pool, useValue: infrastructure.database },
        MediaAccessPolicy,
      ],
    };
  }
}
