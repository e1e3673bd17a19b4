import { Module } from '@nestjs/common';
import { AudioModule } from '../audio/audio.module';
import { VideoCaptions } from '../captions/video-captions';
import { JobsModule } from '../jobs/jobs.module';
import { MediaModule } from '../media/media.module';
import { VideoPosters } from '../posters/video-posters';
import { ProjectsModule } from '../projects/projects.module';
import { ProvidersModule } from '../providers/providers.module';
import { LipSyncChecks } from './lip-sync-checks';
import { LipSyncGate } from './lip-sync-gate';
import { LipSyncSources } from './lip-sync-sources';
import { LipSyncController } from './lipsync.controller';
import { LipSyncHandler } from './lipsync.handler';
import { LipSyncService } from './lipsync.service';
import { RevisionRender } from '../revisions/revision-render';
import { VideoSpeech } from './video-speech';

/**
 * Lip-sync jobs: starting them, and running them (the speech of a public API video first, then the
 * video with its captions, poster and lip-sync check, which One Shot's last step renders the same way),
 * and the fixes of one sentence of a finished video (revisions/), which are lip-sync jobs too.
 */
@Module({
  imports: [JobsModule, MediaModule, ProjectsModule, AudioModule, ProvidersModule],
  controllers: [LipSyncController],
  providers: [LipSyncService, LipSyncHandler, VideoSpeech, VideoCaptions, VideoPosters, LipSyncChecks, LipSyncGate, LipSyncSources, RevisionRender],
  exports: [LipSyncHandler, VideoSpeech, VideoCaptions, VideoPosters, LipSyncChecks],
})
export class LipSyncModule {}
