import { AckPolicy, jetstream, jetstreamManager, RetentionPolicy, StorageType, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';

export const JOB_STREAM = 'GENERATION_JOBS';
export const JOB_SUBJECT = 'generation.jobs.run.v1';
const WORKER_CONSUMER = 'generation-workers';

export interface JobQueueOptions {
  /** A job not acknowledged (nor kept alive with `working()`) within this is given to another worker. */
  ackWaitMs: number;
  /** Deliveries before a job is given up (its worker keeps dying). */
  maxDeliveries: number;
}

export interface QueuedJob {
  jobId: string;
  /** 1 for the first delivery; more after a worker died or failed to acknowledge. */
  delivery: number;
  /** Keeps the job ours while it runs (resets the ack timer). */
  working(): void;
  done(): void;
  /** Hand it back for another try after `delayMs`. */
  retryLater(delayMs: number): void;
}

/**
 * The durable work queue of generation jobs on NATS JetStream: a work-queue stream (each message is
 * consumed once) with one shared pull consumer, so every worker process (any number of replicas)
 * takes the next job. Only job ids travel; the job's state lives in PostgreSQL.
 */
export class JobQueue {
  private messages: ConsumerMessages | null = null;

  constructor(
    private readonly connection: NatsConnection,
    private readonly options: JobQueueOptions,
  ) {}

  /** Creates the stream and the consumer when missing, and applies the current settings. */
  async ensure(): Promise<void> {
    const manager = await jetstreamManager(this.connection);
    const stream = { name: JOB_STREAM, subjects: [JOB_SUBJECT], retention: RetentionPolicy.Workqueue, storage: StorageType.File };
    await manager.streams.add(stream).catch(async () => manager.streams.update(JOB_STREAM, { subjects: stream.subjects }));
    const consumer = {
      durable_name: WORKER_CONSUMER,
      ack_policy: AckPolicy.Explicit,
      ack_wait: nanos(this.options.ackWaitMs),
      max_deliver: this.options.maxDeliveries,
    };
    await manager.consumers.add(JOB_STREAM, consumer).catch(async () => manager.consumers.update(JOB_STREAM, WORKER_CONSUMER, consumer));
  }

  /** Queues a job once: JetStream drops a second publish of the same job id within its window. */
  async enqueue(jobId: string): Promise<void> {
    await jetstream(this.connection).publish(JOB_SUBJECT, JSON.stringify({ jobId }), { msgID: jobId });
  }

  /** Delivers jobs to `handle`, at most `concurrency` at a time, until `stop()`. */
  async consume(concurrency: number, handle: (job: QueuedJob) => Promise<void>): Promise<void> {
    const consumer = await jetstream(this.connection).consumers.get(JOB_STREAM, WORKER_CONSUMER);
    this.messages = await consumer.consume({ max_messages: concurrency });
    const running = new Set<Promise<void>>();
    for await (const message of this.messages) {
      const task = handle(toQueuedJob(message)).finally(() => running.delete(task));
      running.add(task);
      if (running.size >= concurrency) await Promise.race(running);
    }
    await Promise.allSettled(running);
  }

  async stop(): Promise<void> {
    await this.messages?.close();
  }
}

function toQueuedJob(message: JsMsg): QueuedJob {
  return {
    jobId: message.json<{ jobId: string }>().jobId,
    delivery: message.info.deliveryCount,
    working: () => message.working(),
    done: () => message.ack(),
    retryLater: (delayMs) => message.nak(delayMs),
  };
}
