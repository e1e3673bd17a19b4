import { defineService, ServiceClient, ServiceClientModule, StorageService } from '@lipcast/nest-kit';
import { ActorsController } from './actors/actors.controller';
import { AdminController } from './admin/admin.controller';
import { AdminJobsService } from './admin/admin-jobs.service';
import { AudioController } from './audio/audio.controller';
import { AudioService } from './audio/audio.service';
import { BatchesController } from './batches/batches.controller';
import { BatchesRepository } from './batches/batches.repository';
import { BatchesService } from './batches/batches.service';
import { Credits } from './jobs/credits';
import { Quotas } from './jobs/quotas';
import { JobCompletions } from './jobs/job-completions';
import { JobLanes } from './jobs/job-lanes';
import { JobEta } from './jobs/job-eta';
import { JobQueue } from './jobs/job-queue';
import { JobDispatcher } from './jobs/job-dispatcher';
import { JobSubmitter } from './jobs/job-submitter';
import { JOB_HANDLERS, JobWorker, MAX_DELIVERIES } from './jobs/job-worker';
import { JobsController } from './jobs/jobs.controller';
import { JobsRepository } from './jobs/jobs.repository';
import { RealTimeFactorsRepository } from './jobs/real-time-factors.repository';
import { JobsService } from './jobs/jobs.service';
import { StaleJobSweeper } from './jobs/stale-job-sweeper';
import { ImageToVideoHandler } from './influencers/image-to-video.handler';
import { UserDataController } from './account/user-data.controller';
import { UserDataRepository } from './account/user-data.repository';
import { UserDataService } from './account/user-data.service';
import { InfluencersController } from './influencers/influencers.controller';
import { InfluencersRepository } from './influencers/influencers.repository';
import { InfluencersService } from './influencers/influencers.service';
import { LipSyncController } from './lipsync/lipsync.controller';
import { LipSyncHandler } from './lipsync/lipsync.handler';
import { LipSyncService } from './lipsync/lipsync.service';
import { FaceChecks } from './media/face-checks';
import { MediaRefs } from './media/media-refs';
import { UploadChecks } from './media/upload-checks';
import { UploadSweeper } from './media/upload-sweeper';
import { UploadsController } from './media/uploads.controller';
import { FfmpegStatusSection } from './ffmpeg-status';
import { ormConfig } from './mikro-orm.config';
import { ProviderCallsRepository } from './provider-calls/provider-calls.repository';
import { ProviderCallsService } from './provider-calls/provider-calls.service';
import { ProviderWebhooksController } from './provider-calls/provider-webhooks.controller';
import { OneShotHandler } from './pipeline/one-shot.handler';
import { PipelineController } from './pipeline/pipeline.controller';
import { PipelineService } from './pipeline/pipeline.service';
import { ProjectsController } from './projects/projects.controller';
import { ProjectsRepository } from './projects/projects.repository';
import { providerBindings } from './providers/providers';
import { ScriptsController } from './scripts/scripts.controller';
import { GenerationSettings } from './settings';
import { VoiceSamplesController } from './voices/voice-samples.controller';
import { VoiceSamples } from './voices/voice-samples.service';
import { VideoSpeech } from './videos/video-speech';
import { VideoCaptions } from './captions/video-captions';
import { VideoPosters } from './posters/video-posters';
import { VideosController } from './videos/videos.controller';
import { VideosRepository } from './videos/videos.repository';
import { VideosService } from './videos/videos.service';
import { WebhookDeliverySweeper } from './webhooks/webhook-delivery-sweeper';
import { WebhookQueue } from './webhooks/webhook-queue';
import { WebhookSender } from './webhooks/webhook-sender';
import { WebhooksController } from './webhooks/webhooks.controller';
import { WebhooksRepository } from './webhooks/webhooks.repository';
import { WebhooksService } from './webhooks/webhooks.service';

/** Actors, speech, scripts, influencer portraits and clips, lip-sync jobs, One Shot runs (API and workers) and the projects they make. */
export const generationService = defineService({
  name: 'generation',
  ormConfig,
  settings: GenerationSettings,
  imports: (settings) => [ServiceClientModule.forRoot({ url: settings.NATS_URL, credentials: settings, role: 'generation', name: 'lipcast-generation-client' })],
  controllers: [UserDataController, ActorsController, AudioController, ScriptsController, LipSyncController, InfluencersController, PipelineController, JobsController, ProjectsController, UploadsController, ProviderWebhooksController, VoiceSamplesController, AdminController, WebhooksController, VideosController, BatchesController],
  providers: [
    ...providerBindings,
    FfmpegStatusSection,
    { provide: StorageService, inject: [GenerationSettings], useFactory: (settings: GenerationSettings) => new StorageService(settings) },
    {
      provide: JobQueue,
      inject: [ServiceClient, GenerationSettings],
      useFactory: (services: ServiceClient, settings: GenerationSettings) => new JobQueue(services.nats, { ackWaitMs: settings.JOB_ACK_WAIT_MS, maxDeliveries: MAX_DELIVERIES, replicas: settings.JETSTREAM_REPLICAS, duplicateWindowMs: settings.JOB_PUBLISH_GIVE_UP_MS + 60_000 }),
    },
    {
      provide: WebhookQueue,
      inject: [ServiceClient, GenerationSettings],
      // An attempt is acknowledged within its time-out; twice that plus a margin before another process takes it.
      useFactory: (services: ServiceClient, settings: GenerationSettings) => new WebhookQueue(services.nats, settings.WEBHOOK_TIMEOUT_MS * 2 + 10_000, settings.JETSTREAM_REPLICAS),
    },
    WebhooksRepository,
    WebhooksService,
    WebhookSender,
    WebhookDeliverySweeper,
    { provide: JOB_HANDLERS, inject: [LipSyncHandler, ImageToVideoHandler, OneShotHandler], useFactory: (...handlers: unknown[]) => handlers },
    JobsRepository,
    Credits,
    Quotas,
    JobSubmitter,
    JobDispatcher,
    JobLanes,
    RealTimeFactorsRepository,
    JobEta,
    ProviderCallsRepository,
    ProviderCallsService,
    JobCompletions,
    JobWorker,
    StaleJobSweeper,
    JobsService,
    MediaRefs,
    FaceChecks,
    UploadChecks,
    UploadSweeper,
    ProjectsRepository,
    AudioService,
    VoiceSamples,
    LipSyncService,
    LipSyncHandler,
    InfluencersRepository,
    InfluencersService,
    ImageToVideoHandler,
    PipelineService,
    OneShotHandler,
    UserDataRepository,
    UserDataService,
    AdminJobsService,
    VideoSpeech,
    VideoCaptions,
    VideoPosters,
    VideosRepository,
    VideosService,
    BatchesRepository,
    BatchesService,
  ],
});
