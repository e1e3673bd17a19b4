import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { MediaModule } from '../media/media.module';
import { OwnActorRecordsModule } from '../own-actors/own-actor-records.module';
import { ProvidersModule } from '../providers/providers.module';
import { ImageToVideoHandler } from './image-to-video.handler';
import { InfluencerProjectsModule } from './influencer-projects.module';
import { InfluencersController } from './influencers.controller';
import { InfluencersService } from './influencers.service';

/** Influencer projects: portraits, their clips (image-to-video jobs), the community gallery and its moderation. */
@Module({
  imports: [InfluencerProjectsModule, OwnActorRecordsModule, MediaModule, JobsModule, ProvidersModule],
  controllers: [InfluencersController],
  providers: [InfluencersService, ImageToVideoHandler],
  exports: [InfluencersService, ImageToVideoHandler],
})
export class InfluencersModule {}
