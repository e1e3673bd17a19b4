import { Module } from '@nestjs/common';
import { InfluencerProjectsModule } from '../influencers/influencer-projects.module';
import { InfluencersModule } from '../influencers/influencers.module';
import { JobsModule } from '../jobs/jobs.module';
import { OwnActorRecordsModule } from '../own-actors/own-actor-records.module';
import { ProjectsModule } from '../projects/projects.module';
import { VideosModule } from '../videos/videos.module';
import { AdminController } from './admin.controller';
import { AdminJobsService } from './admin-jobs.service';

/** The operator console's side of generation: every user's jobs (queue, list, timeline, cancel, retry) and the gallery's moderation. */
@Module({
  imports: [JobsModule, InfluencersModule, InfluencerProjectsModule, OwnActorRecordsModule, ProjectsModule, VideosModule],
  controllers: [AdminController],
  providers: [AdminJobsService],
})
export class AdminModule {}
