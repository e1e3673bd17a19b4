import { Global, Module } from '@nestjs/common';
import { defineService, ServiceClientModule, StorageService } from '@lipcast/nest-kit';
import { AccountModule } from './account/account.module';
import { AdminModule } from './admin/admin.module';
import { AudioModule } from './audio/audio.module';
import { BatchesModule } from './batches/batches.module';
import { FfmpegStatusSection } from './ffmpeg-status';
import { InfluencersModule } from './influencers/influencers.module';
import { JobsModule } from './jobs/jobs.module';
import { LipSyncModule } from './lipsync/lipsync.module';
import { MediaModule } from './media/media.module';
import { OwnActorsModule } from './own-actors/own-actors.module';
import { ormConfig } from './mikro-orm.config';
import { PipelineModule } from './pipeline/pipeline.module';
import { ProjectsModule } from './projects/projects.module';
import { RevisionsModule } from './revisions/revisions.module';
import { ScriptsModule } from './scripts/scripts.module';
import { GenerationSettings } from './settings';
import { VideosModule } from './videos/videos.module';
import { VoiceClonesModule } from './voice-clones/voice-clones.module';
import { WebhooksModule } from './webhooks/webhooks.module';

/** The object store every feature reads and writes, as the process's one client (like the database and NATS). */
@Global()
@Module({
  providers: [{ provide: StorageService, inject: [GenerationSettings], useFactory: (settings: GenerationSettings) => new StorageService(settings) }],
  exports: [StorageService],
})
class StorageModule {}

/**
 * Actors, speech, scripts, influencer portraits and clips, lip-sync jobs, One Shot runs (API and
 * workers) and the projects they make: one feature module each, over jobs (ARCHITECTURE.md, "Generation").
 */
export const generationService = defineService({
  name: 'generation',
  ormConfig,
  settings: GenerationSettings,
  imports: (settings) => [
    ServiceClientModule.forRoot({ url: settings.NATS_URL, credentials: settings, role: 'generation', name: 'lipcast-generation-client' }),
    StorageModule,
    JobsModule,
    MediaModule,
    OwnActorsModule,
    ProjectsModule,
    AudioModule,
    VoiceClonesModule,
    ScriptsModule,
    LipSyncModule,
    InfluencersModule,
    PipelineModule,
    VideosModule,
    RevisionsModule,
    WebhooksModule,
    BatchesModule,
    AdminModule,
    AccountModule,
  ],
  providers: [FfmpegStatusSection],
});
