import { Injectable, Logger } from '@nestjs/common';
import { JOB_KINDS, type JobKind, type JobState } from '@lipcast/contracts';
import { GenerationSettings } from '../settings';
import { CoalescedReads } from './coalesced-runs';
import { expectedOutputSeconds, JobEstimator, jobFormat, queueFinishTimes, type RealTimeFactor, type RealTimeFactorKey } from './job-estimates';
import { JobLanes } from './job-lanes';
import { jobProvider } from './job-metrics';
import type { JobLane } from './job-queue';
import type { Job } from './job.entity';
import { JobsRepository, toJobState } from './jobs.repository';
import { RealTimeFactorsRepository } from './real-time-factors.repository';

/** The kept figures are read again after this (another replica's measurements show up within it). */
const FIGURES_TTL_MS = 5000;
/** The most queued jobs counted ahead of one, and re-announced when the queue moves. */
const QUEUE_WINDOW = 500;
const ANNOUNCED_WINDOW = 100;

/** What a job's state says of its wait: its place in its lane while queued, and the seconds until it should be done. */
export type JobWait = Pick<JobState, 'queuePosition' | 'estimatedSeconds'>;

/** A lane's first queued jobs (in queue order) and their waits, as read at one moment. */
interface LaneQueue {
  queued: Job[];
  waits: Required<JobWait>[];
}

/**
 * Honest waits for jobs (issue 23, item 4): a queued job's position in its lane (the queued jobs of
 * the lane's kinds ahead of it, in the order the queue gives them out) and the seconds until it is
 * done (the lane's running jobs' time left and the jobs ahead, each its video's length × its
 * engine's measured real-time factor, over the lane's concurrency, then its own run); a running
 * job's time left narrows with its progress. The factors are measured as jobs succeed and kept in
 * the `real_time_factor` table.
 */
@Injectable()
export class JobEta {
  private readonly logger = new Logger(JobEta.name);
  private figures: { readAt: number; figures: RealTimeFactor[] } | null = null;
  /**
   * Each lane's queue read once for the waits asked meanwhile: a client polling many queued jobs
   * (200 at once in the provider-jobs benchmark) asked the database for the queue once per job.
   */
  private readonly laneQueues = new CoalescedReads<JobLane, LaneQueue>();
  /** The clock estimates read (a fake one in tests). */
  clock: () => number = () => Date.now();

  constructor(
    private readonly jobs: JobsRepository,
    private readonly lanes: JobLanes,
    private readonly settings: GenerationSettings,
    private readonly factors: RealTimeFactorsRepository,
  ) {}

  /** The figure a job is measured and estimated by. */
  keyOf(job: Pick<Job, 'kind' | 'input'>): RealTimeFactorKey {
    return { kind: job.kind, provider: jobProvider(this.settings, job.kind), format: jobFormat(job.input) };
  }

  /** A job's state with its wait; a wait that cannot be worked out (the database away) is left out rather than failing the answer. */
  async state(job: Job): Promise<JobState> {
    const wait = await this.wait(job).catch((error: unknown) => {
      this.logger.warn(`no estimate for job ${job.id}: ${String(error)}`);
      return {};
    });
    return { ...toJobState(job), ...wait };
  }

  /** The wait of a job by its id (none once it ended, or when it cannot be worked out). */
  async waitOf(jobId: string): Promise<JobWait> {
    const job = await this.jobs.find(jobId);
    return job ? this.wait(job).catch(() => ({})) : {};
  }

  async wait(job: Job): Promise<JobWait> {
    if (job.status === 'running' || job.status === 'waiting') {
      const estimator = await this.estimator();
      return { estimatedSeconds: roundSeconds(estimator.remainingSeconds(this.keyOf(job), job)) };
    }
    if (job.status !== 'queued') return {};
    const lane = this.lanes.of(job.kind);
    const { queued: first, waits } = await this.laneQueue(lane);
    const index = first.findIndex((other) => other.id === job.id);
    if (index >= 0) return waits[index]!;
    // Past the window, or no longer queued when the queue was read: the queue read as far as this job.
    const ahead = await this.jobs.queuedInOrder(this.kindsOf(lane), QUEUE_WINDOW, job);
    const queued = ahead.some((other) => other.id === job.id) ? ahead : [...ahead, job];
    const [wait] = (await this.waits(lane, queued)).slice(queued.findIndex((other) => other.id === job.id));
    return wait!;
  }

  /** The states of a lane's first queued jobs with their waits, in queue order (announced when the queue moves). */
  async queuedStates(lane: JobLane): Promise<JobState[]> {
    const { queued, waits } = await this.laneQueue(lane);
    return queued.slice(0, ANNOUNCED_WINDOW).map((job, index) => ({ ...toJobState(job), ...waits[index] }));
  }

  /** A lane's first queued jobs with their waits, read after this call (shared with the calls made while it is read). */
  private laneQueue(lane: JobLane): Promise<LaneQueue> {
    return this.laneQueues.read(lane, async () => {
      const queued = await this.jobs.queuedInOrder(this.kindsOf(lane), QUEUE_WINDOW);
      return { queued, waits: await this.waits(lane, queued) };
    });
  }

  /**
   * Takes in a succeeded job: its seconds since its run began per second of the video it made
   * (`outputSeconds`, else what its input says) moves its figure, stored at once for every replica.
   */
  async record(job: Job, outputSeconds: number | null): Promise<void> {
    const output = outputSeconds ?? expectedOutputSeconds(job.kind, job.input);
    if (!job.startedAt || !output) return;
    const processingSeconds = (this.clock() - job.startedAt.getTime()) / 1000;
    const key = this.keyOf(job);
    await this.factors.update(key, (stored) => new JobEstimator(this.clock, stored ? [stored] : []).record(key, processingSeconds, output));
    this.figures = null;
  }

  /** For each of a lane's queued jobs (in queue order): how many are ahead, and the seconds until it is done. */
  private async waits(lane: JobLane, queued: readonly Job[]): Promise<Required<JobWait>[]> {
    const estimator = await this.estimator();
    // A job counted as queued is not counted again as running (it may have started since it was read).
    const queuedIds = new Set(queued.map((job) => job.id));
    const running = (await this.jobs.runningOf(this.kindsOf(lane), QUEUE_WINDOW)).filter((job) => !queuedIds.has(job.id));
    const finishTimes = queueFinishTimes(
      queued.map((job) => estimator.expectedSeconds(this.keyOf(job), job)),
      running.map((job) => estimator.remainingSeconds(this.keyOf(job), job)),
      lane === 'cpu' ? this.settings.WORKER_CONCURRENCY : this.settings.PROVIDER_JOB_CONCURRENCY,
    );
    return finishTimes.map((seconds, index) => ({ queuePosition: index, estimatedSeconds: roundSeconds(seconds) }));
  }

  private kindsOf(lane: JobLane): JobKind[] {
    return JOB_KINDS.filter((kind) => this.lanes.of(kind) === lane);
  }

  private async estimator(): Promise<JobEstimator> {
    if (!this.figures || this.clock() - this.figures.readAt > FIGURES_TTL_MS) {
      const figures = await this.factors.all();
      this.figures = { readAt: this.clock(), figures };
    }
    return new JobEstimator(this.clock, this.figures.figures);
  }
}

/** Whole seconds, at least one: an estimate is never "0 s" while a job is not done. */
const roundSeconds = (seconds: number) => Math.max(1, Math.ceil(seconds));
