import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { LipSyncModule } from '../lipsync/lipsync.module';
import { ProjectsModule } from '../projects/projects.module';
import { VideosModule } from '../videos/videos.module';
import { RevisionsController } from './revisions.controller';
import { RevisionsService } from './revisions.service';

/** "Fix one sentence" of a finished video: starting fixes and listing a video's versions (the fixes run as lip-sync jobs: `RevisionRender`). */
@Module({
  imports: [JobsModule, LipSyncModule, ProjectsModule, VideosModule],
  controllers: [RevisionsController],
  providers: [RevisionsService],
})
export class RevisionsModule {}
