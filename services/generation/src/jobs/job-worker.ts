import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { trace } from '@opentelemetry/api';
import { jobStopSubject, REQUEST_ID_HEADER } from '@lipcast/contracts';
import { acceptOrCreateRequestId, extractTraceHeaders, inSpan, runWithRequestId, ServiceClient, SpanKind, StorageService } from '@lipcast/nest-kit';
import { JobParked, ProviderError } from '../ports/media';
import { ProviderCallsService } from '../provider-calls/provider-calls.service';
import { withWorkDir } from '../providers/work';
import { GenerationSettings } from '../settings';
import { JOB_CANCELED_MESSAGE, JobCompletions } from './job-completions';
import { JobHandlers } from './job-handlers';
import { JobOutputs } from './job-outputs';
import { JobEta } from './job-eta';
import { JobLanes } from './job-lanes';
import { jobProvider, jobRealTimeFactor, jobRedeliveries, jobsStarted, providerErrors, watchQueueBacklog } from './job-metrics';
import { JOB_LANES, JobQueue, type JobLane, type QueuedJob } from './job-queue';
import { JobsRepository } from './jobs.repository';
import { isDependencyOutage } from './outages';

/** Deliveries of one job before it is failed for good (workers keep dying on it, or the provider keeps timing out). */
export const MAX_DELIVERIES = 4;
const HEARTBEAT_MS = 5000;
/** First wait before a job that met an outage runs again (then twice, three times as long): about 30 s of outage are ridden out. */
const OUTAGE_RETRY_MS = 5000;
export const JOB_TIME_LIMIT_MESSAGE = 'The generation took too long and was stopped. Your generation was not counted.';

/** Why a job stops when its worker shuts down before it finished: it goes back to the queue for another worker. */
export class WorkerStopping extends Error {
  constructor() {
    super('the worker is shutting down; the job goes back to the queue');
    this.name = 'WorkerStopping';
  }
}

/**
 * Runs queued jobs (in worker mode): marks the job running with a deadline, keeps it alive with
 * heartbeats, runs its handler, then commits (outputs visible, job succeeded, credit spent) or ends
 * it (outputs deleted, credit released) through `JobCompletions`, and only then acknowledges. A
 * worker killed mid-job loses nothing: the job comes back to another worker.
 */
@Injectable()
export class JobWorker implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger(JobWorker.name);
  private consuming: Promise<unknown> | null = null;
  /** The jobs running here, by id: what a shutdown waits for, and stops once its grace period is over. */
  private readonly running = new Map<string, AbortController>();

  constructor(
    private readonly queue: JobQueue,
    private readonly jobs: JobsRepository,
    private readonly completions: JobCompletions,
    private readonly providerCalls: ProviderCallsService,
    private readonly lanes: JobLanes,
    private readonly storage: StorageService,
    private readonly services: ServiceClient,
    private readonly settings: GenerationSettings,
    private readonly orm: MikroORM,
    private readonly eta: JobEta,
    private readonly handlers: JobHandlers,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.ensure();
    watchQueueBacklog(() => this.queue.backlog());
    if (this.settings.GENERATION_ROLE === 'api') return;
    const concurrency: Record<JobLane, number> = { cpu: this.settings.WORKER_CONCURRENCY, provider: this.settings.PROVIDER_JOB_CONCURRENCY };
    this.consuming = Promise.all(
      (['cpu', 'provider'] as const).map((lane) =>
        this.queue.consume(lane, concurrency[lane], (job) => {
          if (job.delivery > 1) jobRedeliveries.inc({ consumer: JOB_LANES[lane].consumer });
          // The submitter's request id for the logs, and a job span child of the submitter's publish span.
          const requestId = acceptOrCreateRequestId(job.headers?.get(REQUEST_ID_HEADER));
          const attributes = { 'messaging.system': 'nats', 'messaging.destination.name': JOB_LANES[lane].subject, 'lipcast.job_id': job.jobId, 'lipcast.job_delivery': job.delivery };
          const span = { kind: SpanKind.CONSUMER, parent: extractTraceHeaders(job.headers), attributes };
          return runWithRequestId(requestId, () => inSpan(`job run ${lane}`, span, () => RequestContext.create(this.orm.em, () => this.process(job)))).catch((error: unknown) => {
            // The database or billing is unreachable: the job stays unacknowledged and comes back.
            this.logger.error(`job ${job.jobId} could not be processed, retrying later: ${String(error)}`);
            job.retryLater(5000);
          });
        }),
      ),
    );
    this.logger.log(`worker taking jobs (${concurrency.cpu} rendered here, ${concurrency.provider} at a provider, at a time)`);
  }

  /**
   * Graceful drain (SIGTERM), while the database, NATS and billing are still connected: take no
   * further job, let the running ones finish within SHUTDOWN_GRACE_SECONDS, then hand back what is
   * left (it runs again on another worker; One Shot from its last finished step). Jobs parked on a
   * provider are held by no worker, so there is nothing to wait for.
   */
  async beforeApplicationShutdown(): Promise<void> {
    if (!this.consuming) return;
    await this.queue.stop();
    if (this.running.size) this.logger.log(`stopping: finishing ${this.running.size} running job(s) within ${this.settings.SHUTDOWN_GRACE_SECONDS} s`);
    let graceTimer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'grace over'>((resolve) => (graceTimer = setTimeout(() => resolve('grace over'), this.settings.SHUTDOWN_GRACE_SECONDS * 1000)));
    if ((await Promise.race([this.consuming, graceOver])) === 'grace over') {
      this.logger.warn(`stopping: handing ${this.running.size} unfinished job(s) back to the queue`);
      for (const abort of this.running.values()) abort.abort(new WorkerStopping());
    }
    clearTimeout(graceTimer);
    await this.consuming;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.stop();
    await this.consuming;
  }

  async process(queued: QueuedJob): Promise<void> {
    const timeLimitMs = this.settings.JOB_TIME_LIMIT_SECONDS * 1000;
    const job = await this.jobs.start(queued.jobId, timeLimitMs);
    if (!job) {
      // Finished or cancelled already (e.g. redelivered after its worker died): only what was left undone.
      await this.completions.settle(queued.jobId);
      return queued.done();
    }
    const handler = this.handlers.of(job.kind);
    const provider = jobProvider(this.settings, job.kind);
    trace.getActiveSpan()?.setAttributes({ 'lipcast.job_kind': job.kind, 'lipcast.provider': provider });
    jobsStarted.inc({ kind: job.kind, provider });
    this.completions.announceStart(job, this.lanes.of(job.kind)).catch((error: unknown) => this.logger.warn(`start of job ${job.id} not announced: ${String(error)}`));
    const runStarted = process.hrtime.bigint();

    const abort = new AbortController();
    this.running.set(job.id, abort);
    const stopListening = this.services.subscribe(jobStopSubject(job.id), () => abort.abort(new ProviderError(JOB_CANCELED_MESSAGE, 'canceled')));
    const timeLimit = setTimeout(() => abort.abort(new ProviderError(JOB_TIME_LIMIT_MESSAGE, 'timeout')), timeLimitMs);
    const heartbeat = setInterval(() => {
      queued.working();
      this.jobs.heartbeat(job.id).catch((error: unknown) => this.logger.warn(`heartbeat of job ${job.id} not stored: ${String(error)}`));
    }, HEARTBEAT_MS);
    const outputs = new JobOutputs(this.storage, job.userId, job.id, abort.signal);
    try {
      const providerCalls = this.providerCalls.recorderFor(job);
      const completion = await inSpan(`job handle ${job.kind}`, { attributes: { 'lipcast.job_kind': job.kind, 'lipcast.provider': provider } }, () =>
        withWorkDir({ signal: abort.signal, progress: this.completions.progressReporter(job) }, (context) =>
          handler.run(job, { ...context, outputs, ...(providerCalls ? { providerCalls } : {}) }),
        ),
      );
      abort.signal.throwIfAborted();
      if (outputs.mediaSeconds) jobRealTimeFactor.observe({ kind: job.kind, provider }, Number(process.hrtime.bigint() - runStarted) / 1e9 / outputs.mediaSeconds);
      // The moving figure the waits are estimated from (from its first start: a parked job's provider wait is part of it).
      await this.eta.record(job, outputs.mediaSeconds).catch((error: unknown) => this.logger.warn(`real-time factor of job ${job.id} not stored: ${String(error)}`));
      await this.completions.succeed(job, completion, outputs);
    } catch (error) {
      const reason: unknown = abort.signal.aborted ? abort.signal.reason : error;
      if (reason instanceof ProviderError && reason.kind !== 'canceled') providerErrors.inc({ provider, code: reason.kind });
      if (reason instanceof WorkerStopping) {
        // Kept as it is (its recorded provider calls too): the next worker continues it.
        return queued.retryLater(0);
      } else if (reason instanceof JobParked) {
        // Waiting on a provider frees this slot; the webhook or the poller puts the job back in the queue.
        const messageId = `${job.id}:${reason.callKey}:${Date.now()}`;
        const parked = await this.jobs.park(job.id, messageId);
        // Queued again at once (its call ended first): published now, or by the dispatcher if this fails.
        if (parked === 'queued') {
          await this.queue.enqueue(job.id, this.lanes.of(job.kind), messageId);
          await this.jobs.markPublished(job.id, messageId);
        }
      } else if (reason instanceof ProviderError && reason.kind === 'canceled') {
        await this.completions.end(job, { status: 'canceled', error: JOB_CANCELED_MESSAGE }, outputs);
      } else if (reason instanceof ProviderError && reason.retryable && !abort.signal.aborted && queued.delivery < MAX_DELIVERIES) {
        // Kept: a continued run (One Shot) picks up its finished steps' outputs.
        this.logger.warn(`job ${job.id} will be retried: ${reason.message}`);
        await this.jobs.nextCallEpoch(job.id); // the retry makes its provider calls anew
        return queued.retryLater(5000 * queued.delivery);
      } else if (isDependencyOutage(reason) && queued.delivery < MAX_DELIVERIES) {
        // The store, the database, NATS or billing is away for a moment: run it again later, as it is
        // (its recorded provider calls kept), rather than fail a job that did nothing wrong.
        this.logger.warn(`job ${job.id} will be retried after an outage: ${reason instanceof Error ? reason.message : String(reason)}`);
        return queued.retryLater(OUTAGE_RETRY_MS * queued.delivery);
      } else {
        if (reason instanceof ProviderError) this.logger.warn(`job ${job.id} failed: ${reason.message}`);
        else this.logger.error(`job ${job.id} failed: ${reason instanceof Error ? reason.stack : String(reason)}`);
        await this.completions.end(job, { status: 'failed', error: reason instanceof ProviderError ? reason.message : JOB_FAILED_MESSAGE }, outputs);
      }
    } finally {
      this.running.delete(job.id);
      clearTimeout(timeLimit);
      clearInterval(heartbeat);
      stopListening();
    }
    queued.done();
  }
}

export const JOB_FAILED_MESSAGE = 'Video generation failed. Please try again.';
