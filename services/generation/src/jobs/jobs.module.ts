import { Module } from '@nestjs/common';
import { ServiceClient } from '@lipcast/nest-kit';
import { ProviderCallsRepository } from '../provider-calls/provider-calls.repository';
import { ProviderCallsService } from '../provider-calls/provider-calls.service';
import { ProviderWebhooksController } from '../provider-calls/provider-webhooks.controller';
import { ProvidersModule } from '../providers/providers.module';
import { GenerationSettings } from '../settings';
import { Credits } from './credits';
import { JobCompletions } from './job-completions';
import { JobDispatcher } from './job-dispatcher';
import { JobEta } from './job-eta';
import { JobHandlers } from './job-handlers';
import { JobLanes } from './job-lanes';
import { JobQueue } from './job-queue';
import { JobSubmitter } from './job-submitter';
import { JobWorker, MAX_DELIVERIES } from './job-worker';
import { JobsController } from './jobs.controller';
import { JobsRepository } from './jobs.repository';
import { JobsService } from './jobs.service';
import { Quotas } from './quotas';
import { RealTimeFactorsRepository } from './real-time-factors.repository';
import { StaleJobSweeper } from './stale-job-sweeper';

/**
 * Jobs, the bottom of the features: submission (credit, dedupe, queue), the queue and its
 * dispatcher, the workers, completions, waits and the stale-job sweep, and the provider calls a job
 * waits on without holding its worker (provider-calls/). It imports no feature: each job kind's
 * handler registers itself with `JobHandlers`, and what follows a job's end registers with
 * `JobCompletions.onEnd`. Billing's credits and quotas, as the features use them, are here too.
 */
@Module({
  imports: [ProvidersModule],
  controllers: [JobsController, ProviderWebhooksController],
  providers: [
    {
      provide: JobQueue,
      inject: [ServiceClient, GenerationSettings],
      useFactory: (services: ServiceClient, settings: GenerationSettings) =>
        new JobQueue(services.nats, { ackWaitMs: settings.JOB_ACK_WAIT_MS, maxDeliveries: MAX_DELIVERIES, replicas: settings.JETSTREAM_REPLICAS, duplicateWindowMs: settings.JOB_PUBLISH_GIVE_UP_MS + 60_000 }),
    },
    JobsRepository,
    RealTimeFactorsRepository,
    Credits,
    Quotas,
    JobHandlers,
    JobLanes,
    JobEta,
    JobSubmitter,
    JobDispatcher,
    JobCompletions,
    JobWorker,
    StaleJobSweeper,
    JobsService,
    ProviderCallsRepository,
    ProviderCallsService,
  ],
  exports: [JobHandlers, JobSubmitter, JobCompletions, JobsService, JobsRepository, JobEta, JobQueue, Credits, Quotas, ProviderCallsRepository],
})
export class JobsModule {}
