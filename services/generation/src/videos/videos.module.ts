import { Module } from '@nestjs/common';
import { AudioModule } from '../audio/audio.module';
import { InfluencerProjectsModule } from '../influencers/influencer-projects.module';
import { JobsModule } from '../jobs/jobs.module';
import { LipSyncModule } from '../lipsync/lipsync.module';
import { MediaModule } from '../media/media.module';
import { OwnActorRecordsModule } from '../own-actors/own-actor-records.module';
import { ProjectsModule } from '../projects/projects.module';
import { VideosController } from './videos.controller';
import { VideosRepository } from './videos.repository';
import { VideosService } from './videos.service';

/** The public API's videos: each one lip-sync job that speaks its script first, with idempotent creates. */
@Module({
  imports: [JobsModule, AudioModule, LipSyncModule, MediaModule, InfluencerProjectsModule, OwnActorRecordsModule, ProjectsModule],
  controllers: [VideosController],
  providers: [VideosService, VideosRepository],
  exports: [VideosService, VideosRepository],
})
export class VideosModule {}
