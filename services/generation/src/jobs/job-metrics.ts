import type { JobKind } from '@lipcast/contracts';
import { counter, gauge, histogram } from '@lipcast/nest-kit';
import type { GenerationSettings } from '../settings';

/**
 * The generation metrics (see ARCHITECTURE.md, "Metrics"), labelled by job kind, provider, lane
 * consumer and provider error code only: bounded sets, never a job or user id.
 */

/** Who does a job's heavy work: the lip-sync provider for lip-syncs and One Shots, the image-to-video one for clips. */
export function jobProvider(settings: Pick<GenerationSettings, 'lipSyncProvider' | 'imageToVideoProvider'>, kind: JobKind): string {
  return kind === 'image_to_video' ? settings.imageToVideoProvider : settings.lipSyncProvider;
}

export const jobsStarted = counter({
  name: 'lipcast_generation_jobs_started_total',
  help: 'Job runs a worker started (a redelivered or resumed job starts again), by kind and provider',
  labelNames: ['kind', 'provider'],
});

export const jobsFinished = counter({
  name: 'lipcast_generation_jobs_finished_total',
  help: 'Jobs ended, by kind, provider and status (succeeded, failed, canceled); each job counted once',
  labelNames: ['kind', 'provider', 'status'],
});

export const jobDuration = histogram({
  name: 'lipcast_generation_job_duration_seconds',
  help: 'From a job queued to its end (queue wait included), by kind, provider and status',
  labelNames: ['kind', 'provider', 'status'],
  buckets: [1, 2.5, 5, 10, 20, 30, 60, 120, 300, 600, 1200, 1800],
});

export const jobRealTimeFactor = histogram({
  name: 'lipcast_generation_job_real_time_factor',
  help: "A succeeded run's seconds of work per second of video it made, by kind and provider",
  labelNames: ['kind', 'provider'],
  buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32, 64],
});

export const lipSyncOffset = histogram({
  name: 'lipcast_generation_lipsync_offset_ms',
  help: "A finished video's measured lip-sync: how late its sound is against the mouth (negative: early), by provider",
  labelNames: ['provider'],
  buckets: [-400, -240, -160, -120, -80, -45, 0, 45, 80, 120, 160, 240, 400],
});

export const lipSyncConfidence = histogram({
  name: 'lipcast_generation_lipsync_confidence',
  help: "How sure a finished video's lip-sync measure is (0-1: how well mouth and sound match), by provider",
  labelNames: ['provider'],
  buckets: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9],
});

export const lipSyncRerenders = counter({
  name: 'lipcast_generation_lipsync_rerenders_total',
  help: "Lip-synced videos made again because the first failed the lip-sync check, by provider and who made it again (same, embedded)",
  labelNames: ['provider', 'by'],
});

export const lipSyncBelowThreshold = counter({
  name: 'lipcast_generation_lipsync_below_threshold_total',
  help: 'Videos delivered outside the lip-sync limits after every attempt, by provider (for the embedded engine, a defect)',
  labelNames: ['provider'],
});

export const providerErrors = counter({
  name: 'lipcast_generation_provider_errors_total',
  help: 'Provider errors met by job runs, by provider and error code (ProviderError kind)',
  labelNames: ['provider', 'code'],
});

export const jobRedeliveries = counter({
  name: 'lipcast_generation_job_redeliveries_total',
  help: 'Job messages delivered again (a worker died, failed to acknowledge or handed the job back), by consumer',
  labelNames: ['consumer'],
});

/** Pending and acknowledgement-pending messages of each consumer, as JetStream reports them. */
export interface ConsumerBacklog {
  consumer: string;
  pending: number;
  ackPending: number;
}

let backlogSource: (() => Promise<ConsumerBacklog[]>) | null = null;
let reading: Promise<ConsumerBacklog[]> | null = null;

/** One read of JetStream per scrape, shared by both gauges (a scrape collects them at the same time). */
function readBacklog(): Promise<ConsumerBacklog[]> {
  if (!backlogSource) return Promise.resolve([]);
  // NATS away during a scrape: the series are left out rather than the whole scrape failing.
  reading ??= backlogSource()
    .catch(() => [])
    .finally(() => (reading = null));
  return reading;
}

/** Read from JetStream at scrape time: `num_pending` is the figure the KEDA trigger scales workers on. */
const queueGauge = (name: string, help: string, figure: 'pending' | 'ackPending') =>
  gauge({
    name,
    help,
    labelNames: ['consumer'],
    async collect() {
      const backlog = await readBacklog();
      this.reset();
      for (const lane of backlog) this.set({ consumer: lane.consumer }, lane[figure]);
    },
  });
queueGauge('lipcast_generation_queue_pending_messages', 'Messages of the GENERATION_JOBS stream waiting for a worker, by consumer (read at scrape time)', 'pending');
queueGauge('lipcast_generation_queue_ack_pending_messages', 'Messages of the GENERATION_JOBS stream delivered and not yet acknowledged (jobs running), by consumer (read at scrape time)', 'ackPending');

/** Where the queue gauges read from (the process's job queue). */
export function watchQueueBacklog(source: () => Promise<ConsumerBacklog[]>): void {
  backlogSource = source;
}
