import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { jobCancelSubject, jobProgressSubject, type JobKind } from '@lipcast/contracts';
import { ServiceClient } from '@lipcast/nest-kit';
import { ProviderError, type WorkContext } from '../ports/media';
import { withWorkDir } from '../providers/work';
import { GenerationSettings } from '../settings';
import { Credits } from './credits';
import { JobQueue, type QueuedJob } from './job-queue';
import { JobsRepository, toJobState, type JobRow } from './jobs.repository';

/** What runs one kind of job; it stores the result itself and returns where it is. */
export interface JobHandler {
  kind: JobKind;
  run(job: JobRow, context: WorkContext): Promise<NonNullable<JobRow['result']>>;
}

export const JOB_HANDLERS = Symbol('JOB_HANDLERS');

/** Deliveries of one job before it is failed for good (workers keep dying on it, or the provider keeps timing out). */
export const MAX_DELIVERIES = 4;
const HEARTBEAT_MS = 5000;
const PROGRESS_INTERVAL_MS = 500;
export const JOB_FAILED_MESSAGE = 'Video generation failed. Please try again.';

/**
 * Runs queued jobs (in worker mode): marks the job running, keeps it alive with heartbeats, reports
 * progress, stores the outcome, then settles the credit (commit on success, release otherwise) and
 * only then acknowledges. A worker killed mid-job loses nothing: the job comes back to another
 * worker; one that finished but died before acknowledging only settles the credit on redelivery.
 */
@Injectable()
export class JobWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(JobWorker.name);
  private consuming: Promise<void> | null = null;

  constructor(
    private readonly queue: JobQueue,
    private readonly jobs: JobsRepository,
    private readonly credits: Credits,
    private readonly services: ServiceClient,
    private readonly settings: GenerationSettings,
    private readonly orm: MikroORM,
    @Inject(JOB_HANDLERS) private readonly handlers: JobHandler[],
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.ensure();
    if (this.settings.GENERATION_ROLE === 'api') return;
    this.consuming = this.queue.consume(this.settings.WORKER_CONCURRENCY, (job) =>
      RequestContext.create(this.orm.em, () => this.process(job)).catch((error: unknown) => {
        // The database or billing is unreachable: the job stays unacknowledged and comes back.
        this.logger.error(`job ${job.jobId} could not be processed, retrying later: ${String(error)}`);
        job.retryLater(5000);
      }),
    );
    this.logger.log(`worker taking jobs (${this.settings.WORKER_CONCURRENCY} at a time)`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.stop();
    await this.consuming;
  }

  async process(queued: QueuedJob): Promise<void> {
    const job = await this.jobs.start(queued.jobId);
    if (!job) {
      await this.settleCredit(queued.jobId);
      return queued.done();
    }
    const handler = this.handlers.find((candidate) => candidate.kind === job.kind);
    if (!handler) throw new Error(`No handler for ${job.kind} jobs`);

    const abort = new AbortController();
    const stopListening = this.services.subscribe(jobCancelSubject(job.id), () => abort.abort(new ProviderError('The generation was canceled.', 'canceled')));
    const heartbeat = setInterval(() => queued.working(), HEARTBEAT_MS);
    try {
      const result = await withWorkDir({ signal: abort.signal, progress: this.progressReporter(job) }, (context) => handler.run(job, context));
      await this.finish(job.id, { status: 'succeeded', result });
    } catch (error) {
      if (abort.signal.aborted) {
        await this.finish(job.id, { status: 'canceled', error: 'The generation was canceled.' });
      } else if (error instanceof ProviderError && error.retryable && queued.delivery < MAX_DELIVERIES) {
        this.logger.warn(`job ${job.id} will be retried: ${error.message}`);
        return queued.retryLater(5000 * queued.delivery);
      } else {
        if (error instanceof ProviderError) this.logger.warn(`job ${job.id} failed: ${error.message}`);
        else this.logger.error(`job ${job.id} failed: ${error instanceof Error ? error.stack : String(error)}`);
        await this.finish(job.id, { status: 'failed', error: error instanceof ProviderError ? error.message : JOB_FAILED_MESSAGE });
      }
    } finally {
      clearInterval(heartbeat);
      stopListening();
    }
    queued.done();
  }

  /** Records the outcome (unless a cancel got there first), settles the credit and tells the listeners. */
  private async finish(jobId: string, outcome: Parameters<JobsRepository['finish']>[1]): Promise<void> {
    await this.jobs.finish(jobId, outcome);
    await this.settleCredit(jobId);
    const job = await this.jobs.find(jobId);
    if (job) this.services.publish(jobProgressSubject(jobId), toJobState(job));
  }

  /** Commits the reserved credit of a succeeded job and releases that of a failed or canceled one; once. */
  private async settleCredit(jobId: string): Promise<void> {
    const job = await this.jobs.find(jobId);
    if (!job || job.credit !== 'reserved' || job.status === 'queued' || job.status === 'running') return;
    if (job.status === 'succeeded') await this.credits.commit(jobId);
    else await this.credits.release(jobId);
    await this.jobs.setCredit(jobId, job.status === 'succeeded' ? 'committed' : 'released');
  }

  /** Progress below 100 (that is for the stored result), stored and published at most twice a second. */
  private progressReporter(job: JobRow): (fraction: number) => void {
    let reported = job.progress;
    let lastAt = 0;
    return (fraction) => {
      const progress = Math.min(99, Math.floor(fraction * 100));
      if (progress <= reported || Date.now() - lastAt < PROGRESS_INTERVAL_MS) return;
      reported = progress;
      lastAt = Date.now();
      this.jobs
        .progress(job.id, progress)
        .then(() => this.services.publish(jobProgressSubject(job.id), toJobState({ ...job, status: 'running', progress })))
        .catch((error: unknown) => this.logger.warn(`progress of job ${job.id} not stored: ${String(error)}`));
    };
  }
}
