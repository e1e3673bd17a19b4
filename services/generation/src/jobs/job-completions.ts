import { Injectable, Logger } from '@nestjs/common';
import { ErrorCode, jobProgressSubject, jobFolder, Subjects } from '@lipcast/contracts';
import { inFollowUpTrace, ServiceClient, ServiceError, StorageService } from '@lipcast/nest-kit';
import { ProviderCallsService } from '../provider-calls/provider-calls.service';
import { GenerationSettings } from '../settings';
import { CoalescedRuns } from './coalesced-runs';
import { Credits } from './credits';
import { JobEta } from './job-eta';
import type { JobOutputs } from './job-outputs';
import type { JobLane } from './job-queue';
import { jobDuration, jobProvider, jobsFinished } from './job-metrics';
import type { JobCompletion } from './job-handlers';
import type { Job } from './job.entity';
import { JobsRepository, toJobState } from './jobs.repository';

const PROGRESS_INTERVAL_MS = 500;
export const JOB_CANCELED_MESSAGE = 'The generation was canceled.';

/**
 * What a feature does when a job ended as succeeded (with the seconds of video it made, when its
 * handler knew them) or failed; a cancelled job tells no one. It never changes the job: a failure is logged.
 */
export type JobEndListener = (job: Job, mediaSeconds: number | null) => Promise<void>;

/**
 * The one way a job ends, whoever ends it (its worker, a cancel, the stale-job sweeper): a success
 * makes its outputs visible in the same transaction that marks it succeeded, then spends its credit;
 * anything else deletes everything it stored and releases its credit. Each step is idempotent, so a
 * job whose process died half-way is finished by whoever sees it next.
 */
@Injectable()
export class JobCompletions {
  private readonly logger = new Logger(JobCompletions.name);
  private readonly queueAnnouncements = new CoalescedRuns<JobLane>();
  private readonly endListeners: JobEndListener[] = [];

  constructor(
    private readonly jobs: JobsRepository,
    private readonly credits: Credits,
    private readonly storage: StorageService,
    private readonly services: ServiceClient,
    private readonly providerCalls: ProviderCallsService,
    private readonly settings: GenerationSettings,
    private readonly eta: JobEta,
  ) {}

  /** A feature that reacts to jobs' ends (the webhooks) registers here as the application starts; jobs never import it. */
  onEnd(listener: JobEndListener): void {
    this.endListeners.push(listener);
  }

  async succeed(job: Job, completion: JobCompletion, outputs: JobOutputs): Promise<void> {
    const committed = await this.jobs.commit(job.id, completion.result, completion.publish);
    // Cancelled meanwhile, or what it completes was deleted: it ends as cancelled, its outputs go.
    if (!committed) return this.end(job, { status: 'canceled', error: JOB_CANCELED_MESSAGE }, outputs);
    this.measureEnd(committed);
    await this.settle(job.id);
    await completion.afterCommit?.().catch((error: unknown) => this.logger.error(`job ${job.id} committed, but its follow-up failed: ${String(error)}`));
    this.announce(committed);
    this.askForReadyMail(committed);
    await this.tellEnd(committed, outputs.mediaSeconds);
  }

  /** Ends a job that did not succeed: its open predictions stopped, outputs deleted, credit released, listeners told. A job that succeeded meanwhile is left as it is. */
  async end(job: Pick<Job, 'id' | 'userId'>, outcome: { status: 'failed' | 'canceled'; error: string }, outputs?: JobOutputs): Promise<void> {
    const finished = await this.jobs.finish(job.id, outcome);
    if (finished) this.measureEnd(finished); // once: only the call that ended it finds it unfinished
    const ended = await this.jobs.find(job.id);
    if (!ended || ended.status === 'succeeded') return;
    await this.providerCalls.cancelPending(job.id);
    await (outputs ? outputs.removeAll() : this.storage.removeFolder(jobFolder(job.userId, job.id)));
    await this.settle(job.id);
    this.announce(ended); // settling changed only the credit, which listeners do not see
    if (finished && ended.status === 'failed') await this.tellEnd(ended, null);
  }

  /**
   * Asks content for the "your video is ready" mail (it sends it unless a page watched the job or the
   * user turned it off, once per job); not awaited: the mail never holds up or changes the job.
   */
  private askForReadyMail(job: Job): void {
    inFollowUpTrace('video ready mail', () =>
      this.services.send(Subjects.content.mailVideoReady, { userId: job.userId, jobId: job.id, kind: job.kind }),
    ).catch((error: unknown) => this.logger.warn(`job ${job.id} succeeded, but its "video ready" mail was not sent: ${String(error)}`));
  }

  /** Tells the end listeners of a job this call ended (e.g. its `video.succeeded`/`video.failed` webhooks are queued); their problems never change the job. */
  private async tellEnd(job: Job, mediaSeconds: number | null): Promise<void> {
    for (const listener of this.endListeners) {
      await listener(job, mediaSeconds).catch((error: unknown) => this.logger.error(`job ${job.id} ended, but what follows its end failed: ${String(error)}`));
    }
  }

  /** Spends the reserved credit of a succeeded job and releases that of a failed or cancelled one; once. */
  async settle(jobId: string): Promise<void> {
    const job = await this.jobs.find(jobId);
    if (!job || job.credit !== 'reserved' || job.status === 'queued' || job.status === 'running') return;
    if (job.status === 'succeeded') await this.credits.commit(jobId);
    else await this.credits.release(jobId).catch(ignoreNeverReserved);
    await this.jobs.setCredit(jobId, job.status === 'succeeded' ? 'committed' : 'released');
  }

  /** Counts a job that just ended, with the time from its queueing to now. */
  private measureEnd(job: Job): void {
    const labels = { kind: job.kind, provider: jobProvider(this.settings, job.kind), status: job.status };
    jobsFinished.inc(labels);
    jobDuration.observe(labels, Math.max(0, (Date.now() - job.createdAt.getTime()) / 1000));
  }

  /** Tells the job's listeners (event streams, held requests) its state; a live job's with its wait (place in the queue, time left). */
  announce(job: Job): void {
    if (job.status !== 'queued' && job.status !== 'running' && job.status !== 'waiting') return this.services.publish(jobProgressSubject(job.id), toJobState(job));
    this.eta
      .state(job)
      .then((state) => this.services.publish(jobProgressSubject(job.id), state))
      .catch((error: unknown) => this.logger.warn(`state of job ${job.id} not announced: ${String(error)}`));
  }

  /**
   * A job of `lane` started: it says so with its time left, and the lane's queued jobs (each one
   * place nearer) their new positions and waits. Starts that come while the lane's queue is being
   * announced share one announcement after it (a burst of starts reads the queue twice, not once
   * each). Best effort: a missed announcement only delays the next figures (pages also ask for the state).
   */
  async announceStart(job: Job, lane: JobLane): Promise<void> {
    this.services.publish(jobProgressSubject(job.id), await this.eta.state(job));
    await this.queueAnnouncements.run(lane, async () => {
      for (const state of await this.eta.queuedStates(lane)) this.services.publish(jobProgressSubject(state.id), state);
    });
  }

  /** Progress below 100 (that is for the committed result), stored and published at most twice a second. */
  progressReporter(job: Job): (fraction: number) => void {
    let reported = job.progress;
    let lastAt = 0;
    return (fraction) => {
      const progress = Math.min(99, Math.floor(fraction * 100));
      if (progress <= reported || Date.now() - lastAt < PROGRESS_INTERVAL_MS) return;
      reported = progress;
      lastAt = Date.now();
      this.jobs
        .progress(job.id, progress)
        .then(() => this.announce({ ...job, status: 'running', progress }))
        .catch((error: unknown) => this.logger.warn(`progress of job ${job.id} not stored: ${String(error)}`));
    };
  }
}

/** A job that ended before its credit was ever reserved (it was never published) has nothing to release. */
function ignoreNeverReserved(error: unknown): void {
  if (error instanceof ServiceError && error.code === ErrorCode.NotFound) return;
  throw error;
}
