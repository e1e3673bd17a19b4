import { jetstreamManager, StorageType, type JetStreamManager } from '@nats-io/jetstream';
import { Kvm, type KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';

/**
 * How long a job still counts as watched after a stream delivered its end, and the bucket's max
 * age: every entry expires this long after it was last put, so nothing is left behind.
 */
export const WATCHED_END_KEPT_MS = 5 * 60_000;

/** The NATS key-value bucket (stream `KV_job-watchers`); deploy/nats/permissions.conf names it too. */
export const JOB_WATCHERS_BUCKET = 'job-watchers';

/** What a gateway's key says: it has an event stream open for the job, or one delivered the job's end. */
export type JobWatcherState = 'open' | 'ended';

/**
 * Which jobs a page follows, for the "video ready" mail (sent only when nobody watched): each
 * gateway process puts `<jobId>.<its instance id>` while it has an event stream open for the job
 * and when one delivered the job's end, and deletes it when its last stream closed before the end;
 * content asks whether any `<jobId>.*` key is there. Both sides open it with `open`, which creates
 * the bucket when missing, so neither depends on the other having started first.
 */
export class JobWatchersBucket {
  private constructor(
    private readonly kv: KV,
    private readonly manager: JetStreamManager,
  ) {}

  /**
   * Creates the bucket when missing, with `replicas` copies (JETSTREAM_REPLICAS: each on another
   * server of a NATS cluster, so losing one server loses no key); an existing one is used as it is
   * but for its replica count, which is brought to `replicas`. In memory: its facts matter for minutes.
   */
  static async open(connection: NatsConnection, replicas: number): Promise<JobWatchersBucket> {
    const kv = await new Kvm(connection).create(JOB_WATCHERS_BUCKET, { ttl: WATCHED_END_KEPT_MS, history: 1, storage: StorageType.Memory, replicas });
    const manager = await jetstreamManager(connection);
    if ((await kv.status()).replicas !== replicas) await manager.streams.update(`KV_${JOB_WATCHERS_BUCKET}`, { num_replicas: replicas });
    return new JobWatchersBucket(kv, manager);
  }

  /** The gateway `instance` watches the job; kept for WATCHED_END_KEPT_MS unless put again. */
  async put(jobId: string, instance: string, state: JobWatcherState): Promise<void> {
    await this.kv.put(`${jobId}.${instance}`, state);
  }

  async delete(jobId: string, instance: string): Promise<void> {
    await this.kv.delete(`${jobId}.${instance}`);
  }

  /**
   * Whether any gateway has a key for the job. A point lookup, so no consumer (a KV `keys()` listing
   * makes one per call, left on the server for minutes): the stream lists the job's subjects, then
   * each key's last entry says whether it is there or deleted (a delete leaves a marker until it expires).
   */
  async watched(jobId: string): Promise<boolean> {
    const prefix = `$KV.${JOB_WATCHERS_BUCKET}.`;
    const info = await this.manager.streams.info(`KV_${JOB_WATCHERS_BUCKET}`, { subjects_filter: `${prefix}${jobId}.*` });
    const keys = Object.keys(info.state.subjects ?? {}).map((subject) => subject.slice(prefix.length));
    const entries = await Promise.all(keys.map((key) => this.kv.get(key)));
    return entries.some((entry) => entry?.operation === 'PUT');
  }
}

/** Opens the bucket at the first call and keeps it; after a failed open, the next call tries again. */
export function jobWatchersBucket(connection: NatsConnection, replicas: number): () => Promise<JobWatchersBucket> {
  let opening: Promise<JobWatchersBucket> | null = null;
  return () =>
    (opening ??= JobWatchersBucket.open(connection, replicas).catch((error: unknown) => {
      opening = null;
      throw error;
    }));
}
