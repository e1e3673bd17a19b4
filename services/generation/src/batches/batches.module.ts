import { Module } from '@nestjs/common';
import { AudioModule } from '../audio/audio.module';
import { VideosModule } from '../videos/videos.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { BatchesController } from './batches.controller';
import { BatchesRepository } from './batches.repository';
import { BatchesService } from './batches.service';

/** The public API's batches: many rows of one upload, each run as one video, and their `batch.completed` webhook. */
@Module({
  imports: [AudioModule, VideosModule, WebhooksModule],
  controllers: [BatchesController],
  providers: [BatchesService, BatchesRepository],
})
export class BatchesModule {}
