import { DEFAULT_VIDEO_FORMAT, ONE_SHOT_CLIP_SECONDS, scriptSeconds, type JobKind } from '@lipcast/contracts';

/**
 * Honest waits (issue 23, item 4): how long a job will take, from each engine's measured real-time
 * factor (seconds of work per second of video, a moving figure per kind, provider and format), and
 * where a queued job stands in its lane. Pure: the clock is injected, the figures are handed in and
 * handed back for storing (`JobEta` keeps them in the `real_time_factor` table).
 */

/** Weight of a new measurement in the moving figure once a few are in (earlier ones weigh more: 1/(n+1)). */
export const RTF_SMOOTHING = 0.3;
/** Seconds of video assumed for a lip-sync whose audio length is not known up front, before any is measured. */
export const TYPICAL_OUTPUT_SECONDS = 8;

/** What a real-time factor is kept for. */
export interface RealTimeFactorKey {
  kind: JobKind;
  /** Who does the job's heavy work (`jobProvider`): `embedded`, `replicate`, … */
  provider: string;
  /** The format the job's input names (a `VideoFormatId`, e.g. `9x16-1080p`), else `DEFAULT_VIDEO_FORMAT` (the portrait card). */
  format: string;
}

/** A kept figure: the moving real-time factor and the moving length of the videos made. */
export interface RealTimeFactor extends RealTimeFactorKey {
  factor: number;
  outputSeconds: number;
  samples: number;
  updatedAt: Date;
}

/**
 * Before any measurement: our engine renders a lip-sync at about 1.5× real time on two cores, a One
 * Shot adds a drawing and its speech; a provider adds its queue and upload (its clips the most).
 */
const PRIOR_FACTORS: Record<'embedded' | 'provider', Record<JobKind, number>> = {
  embedded: { lipsync: 1.5, one_shot: 3, image_to_video: 4 },
  provider: { lipsync: 6, one_shot: 10, image_to_video: 12 },
};

export const priorFactor = (key: Pick<RealTimeFactorKey, 'kind' | 'provider'>): number =>
  PRIOR_FACTORS[key.provider === 'embedded' ? 'embedded' : 'provider'][key.kind];

export const factorKey = (key: RealTimeFactorKey): string => `${key.kind}|${key.provider}|${key.format}`;

/** The format a job's input names (`format`, when a string), else today's. */
export function jobFormat(input: unknown): string {
  const format = (input as { format?: unknown } | null)?.format;
  return typeof format === 'string' && format !== '' ? format : DEFAULT_VIDEO_FORMAT;
}

/** Seconds of video a job will make, when its input tells: a script's speech, a clip's length; null when only its audio knows. */
export function expectedOutputSeconds(kind: JobKind, input: unknown): number | null {
  const fields = (input ?? {}) as { speech?: { text?: unknown }; script?: unknown; durationSeconds?: unknown };
  if (kind === 'image_to_video') return typeof fields.durationSeconds === 'number' && fields.durationSeconds > 0 ? fields.durationSeconds : null;
  if (kind === 'one_shot') return typeof fields.script === 'string' && fields.script.trim() ? Math.min(ONE_SHOT_CLIP_SECONDS, scriptSeconds(fields.script)) : ONE_SHOT_CLIP_SECONDS;
  return typeof fields.speech?.text === 'string' && fields.speech.text.trim() ? scriptSeconds(fields.speech.text) : null;
}

/** A job as the estimator sees it. */
export interface EstimatedJob {
  kind: JobKind;
  input: unknown;
  /** 0..100. */
  progress: number;
  /** When its run began (null while queued). */
  startedAt: Date | null;
}

export class JobEstimator {
  private readonly figures = new Map<string, RealTimeFactor>();

  constructor(
    private readonly clock: () => number,
    figures: Iterable<RealTimeFactor> = [],
  ) {
    for (const figure of figures) this.figures.set(factorKey(figure), figure);
  }

  /** The moving figure, or null before any measurement. */
  figure(key: RealTimeFactorKey): RealTimeFactor | null {
    return this.figures.get(factorKey(key)) ?? null;
  }

  /** Seconds of work per second of video: measured, else the prior. */
  factor(key: RealTimeFactorKey): number {
    return this.figure(key)?.factor ?? priorFactor(key);
  }

  /**
   * Takes in one finished run (its seconds of work and of video) and returns the figure to store;
   * null for a measurement that says nothing (no video, or not a finite positive time).
   */
  record(key: RealTimeFactorKey, processingSeconds: number, outputSeconds: number): RealTimeFactor | null {
    if (!(processingSeconds > 0 && outputSeconds > 0) || !Number.isFinite(processingSeconds) || !Number.isFinite(outputSeconds)) return null;
    const measured = processingSeconds / outputSeconds;
    const before = this.figure(key);
    const samples = (before?.samples ?? 0) + 1;
    // The first measurement replaces the prior; later ones move the figure by at least RTF_SMOOTHING.
    const weight = Math.max(RTF_SMOOTHING, 1 / samples);
    const moved = (old: number | undefined, value: number) => (old === undefined ? value : old + weight * (value - old));
    const figure: RealTimeFactor = {
      ...key,
      factor: moved(before?.factor, measured),
      outputSeconds: moved(before?.outputSeconds, outputSeconds),
      samples,
      updatedAt: new Date(this.clock()),
    };
    this.figures.set(factorKey(key), figure);
    return figure;
  }

  /** Seconds a whole run of the job is expected to take: its video's length × the factor. */
  expectedSeconds(key: RealTimeFactorKey, job: Pick<EstimatedJob, 'kind' | 'input'>): number {
    const output = expectedOutputSeconds(job.kind, job.input) ?? this.figure(key)?.outputSeconds ?? TYPICAL_OUTPUT_SECONDS;
    return output * this.factor(key);
  }

  /**
   * Seconds left of a running job: the factor's estimate of what is left, blended (the more so the
   * further it got) with what its real progress says (`elapsed × (1 − p) / p`).
   */
  remainingSeconds(key: RealTimeFactorKey, job: EstimatedJob): number {
    const expected = this.expectedSeconds(key, job);
    const p = Math.min(Math.max(job.progress / 100, 0), 1);
    const elapsed = job.startedAt ? Math.max(0, (this.clock() - job.startedAt.getTime()) / 1000) : 0;
    const byFactor = Math.max(expected - elapsed, expected * (1 - p) * 0.1);
    if (p <= 0 || elapsed <= 0) return byFactor;
    const byProgress = (elapsed * (1 - p)) / p;
    return p * byProgress + (1 - p) * byFactor;
  }
}

/**
 * When each queued job of a lane ends, in queue order, with `concurrency` runs at a time: the lane's
 * slots are busy for the running jobs' remaining seconds, and each queued job takes the first slot
 * free. Returns, for each queued job, the seconds until it is done (its wait and its own run).
 */
export function queueFinishTimes(queued: readonly number[], runningRemaining: readonly number[], concurrency: number): number[] {
  const slots = Array.from({ length: Math.max(1, Math.floor(concurrency)) }, () => 0);
  for (const remaining of [...runningRemaining].sort((a, b) => a - b)) {
    // More running than slots (another worker's, or a lane shared by replicas): they queue for the first free slot too.
    const first = slots.indexOf(Math.min(...slots));
    slots[first] += remaining;
  }
  return queued.map((seconds) => {
    const first = slots.indexOf(Math.min(...slots));
    slots[first] += seconds;
    return slots[first];
  });
}
