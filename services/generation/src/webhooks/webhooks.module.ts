import { Module } from '@nestjs/common';
import { ServiceClient } from '@lipcast/nest-kit';
import { JobsModule } from '../jobs/jobs.module';
import { GenerationSettings } from '../settings';
import { VideosModule } from '../videos/videos.module';
import { WebhookDeliverySweeper } from './webhook-delivery-sweeper';
import { WebhookQueue } from './webhook-queue';
import { WebhookSender } from './webhook-sender';
import { WebhooksController } from './webhooks.controller';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

/** Users' webhook endpoints, the deliveries of their events (queued when a job ends) and the senders. */
@Module({
  imports: [JobsModule, VideosModule],
  controllers: [WebhooksController],
  providers: [
    {
      provide: WebhookQueue,
      inject: [ServiceClient, GenerationSettings],
      // An attempt is acknowledged within its time-out; twice that plus a margin before another process takes it.
      useFactory: (services: ServiceClient, settings: GenerationSettings) => new WebhookQueue(services.nats, settings.WEBHOOK_TIMEOUT_MS * 2 + 10_000, settings.JETSTREAM_REPLICAS),
    },
    WebhooksRepository,
    WebhooksService,
    WebhookSender,
    WebhookDeliverySweeper,
  ],
  exports: [WebhooksRepository, WebhooksService],
})
export class WebhooksModule {}
