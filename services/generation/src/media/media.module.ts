import { Module } from '@nestjs/common';
import { ActorsController } from '../actors/actors.controller';
import { InfluencerProjectsModule } from '../influencers/influencer-projects.module';
import { JobsModule } from '../jobs/jobs.module';
import { OwnActorRecordsModule } from '../own-actors/own-actor-records.module';
import { ProvidersModule } from '../providers/providers.module';
import { FaceChecks } from './face-checks';
import { MediaRefs } from './media-refs';
import { UploadChecks } from './upload-checks';
import { UploadSweeper } from './upload-sweeper';
import { UploadsController } from './uploads.controller';

/** The media a user may feed into a generation (built-in actors, their uploads and results, the gallery's clips), the uploads and the face check before charging. */
@Module({
  imports: [InfluencerProjectsModule, OwnActorRecordsModule, JobsModule, ProvidersModule],
  controllers: [ActorsController, UploadsController],
  providers: [MediaRefs, FaceChecks, UploadChecks, UploadSweeper],
  exports: [MediaRefs, FaceChecks, UploadChecks],
})
export class MediaModule {}
