import { Module } from '@nestjs/common';
import { AudioModule } from '../audio/audio.module';
import { InfluencerProjectsModule } from '../influencers/influencer-projects.module';
import { InfluencersModule } from '../influencers/influencers.module';
import { JobsModule } from '../jobs/jobs.module';
import { LipSyncModule } from '../lipsync/lipsync.module';
import { ProjectsModule } from '../projects/projects.module';
import { ProvidersModule } from '../providers/providers.module';
import { OneShotHandler } from './one-shot.handler';
import { PipelineController } from './pipeline.controller';
import { PipelineService } from './pipeline.service';

/** One Shot runs: one job that writes the script, draws the portrait, speaks, animates and lip-syncs, through the other features' steps. */
@Module({
  imports: [JobsModule, InfluencersModule, InfluencerProjectsModule, AudioModule, LipSyncModule, ProjectsModule, ProvidersModule],
  controllers: [PipelineController],
  providers: [PipelineService, OneShotHandler],
})
export class PipelineModule {}
