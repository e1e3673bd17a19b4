import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { ProjectsController } from './projects.controller';
import { ProjectsRepository } from './projects.repository';

/** The history (a speech and the video made from it): its items are written by speech, lip-sync and One Shot. */
@Module({
  imports: [JobsModule],
  controllers: [ProjectsController],
  providers: [ProjectsRepository],
  exports: [ProjectsRepository],
})
export class ProjectsModule {}
