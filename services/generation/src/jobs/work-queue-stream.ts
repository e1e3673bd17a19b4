import { JetStreamApiError, RetentionPolicy, StorageType, type JetStreamManager } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';

/** JetStream's answer to creating a stream that exists with other settings (JSStreamNameExistErr). */
const STREAM_EXISTS_OTHERWISE = 10058;

/**
 * Creates a work-queue stream on disk when missing, else applies the current subjects and replica
 * count to it (the job queue's and the webhook deliveries' alike). `replicas` (JETSTREAM_REPLICAS)
 * copies, each on another server of a NATS cluster: with 3, losing one server (its pod or its disk)
 * loses no queued message and stops nothing; JetStream changes an existing stream's count in place.
 * `duplicateWindowMs`: how long JetStream remembers a message id to drop a second publish of it
 * (its default, 2 minutes, when not given).
 */
export async function ensureWorkQueueStream(manager: JetStreamManager, name: string, subjects: string[], replicas: number, duplicateWindowMs?: number): Promise<void> {
  const window = duplicateWindowMs === undefined ? {} : { duplicate_window: nanos(duplicateWindowMs) };
  const stream = { name, subjects, retention: RetentionPolicy.Workqueue, storage: StorageType.File, num_replicas: replicas, ...window };
  try {
    await manager.streams.add(stream).catch(async (error: unknown) => {
      if (!(error instanceof JetStreamApiError && error.code === STREAM_EXISTS_OTHERWISE)) throw error;
      await manager.streams.update(name, { subjects, num_replicas: replicas, ...window });
    });
  } catch (error) {
    if (replicas === 1) throw error;
    // A single server refuses any count above 1, a cluster one above its JetStream servers: say which setting asked.
    throw new Error(`cannot give JetStream stream ${name} ${replicas} replicas (JETSTREAM_REPLICAS; it needs a NATS cluster of at least ${replicas} JetStream servers): ${String(error)}`, { cause: error });
  }
}
