import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { ProjectsController } from './projects.controller';
import { RevisionsRepository } from '../revisions/revisions.repository';
import { ProjectsRepository } from './projects.repository';

/**
 * The history (a speech and the video made from it): its items are written by speech, lip-sync and
 * One Shot; a fixed video's versions (`RevisionsRepository`) go with its item.
 */
@Module({
  imports: [JobsModule],
  controllers: [ProjectsController],
  providers: [ProjectsRepository, RevisionsRepository],
  exports: [ProjectsRepository, RevisionsRepository],
})
export class ProjectsModule {}
