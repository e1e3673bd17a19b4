import { AckPolicy, jetstream, jetstreamManager, type JsMsg } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import { WorkQueuePuller } from '../jobs/work-queue-puller';
import { ensureWorkQueueStream } from '../jobs/work-queue-stream';

/** Its own work-queue stream; the subject is under `generation.jobs.>`, which only generation may publish to. */
export const WEBHOOK_STREAM = 'WEBHOOK_DELIVERIES';
export const WEBHOOK_SUBJECT = 'generation.jobs.webhook.v1';
const WEBHOOK_CONSUMER = 'generation-webhook-senders';

/** One attempt to make: the delivery it is for, and whether someone asked for it by hand. */
export interface QueuedAttempt {
  deliveryId: string;
  /** A redelivery asked for by hand: one attempt, outside the retry schedule. */
  manual: boolean;
  /** Which automatic attempt this is, for the retry schedule: the attempts made before the message was queued (a sweep's), plus 1 for its first delivery; each retry (`retryLater`) adds one. */
  delivery: number;
  done(): void;
  retryLater(delayMs: number): void;
}

/**
 * Webhook deliveries on NATS JetStream: one message per delivery (and one per manual redelivery),
 * taken by one shared durable consumer; a failed attempt is handed back with the schedule's delay
 * (`nak(delay)`), so the retry waits on the server, not in a process.
 */
export class WebhookQueue {
  private readonly puller = new WorkQueuePuller(this.connection);

  constructor(
    private readonly connection: NatsConnection,
    /** Longer than one attempt may take: an attempt not acknowledged by then is given to another process. */
    private readonly ackWaitMs: number,
    /** Copies of the stream, each on another NATS server (JETSTREAM_REPLICAS). */
    private readonly replicas: number,
  ) {}

  async ensure(): Promise<void> {
    const manager = await jetstreamManager(this.connection);
    await ensureWorkQueueStream(manager, WEBHOOK_STREAM, [WEBHOOK_SUBJECT], this.replicas);
    // Unlimited deliveries: the retry schedule (counted by delivery) decides when a delivery has failed.
    const consumer = { durable_name: WEBHOOK_CONSUMER, ack_policy: AckPolicy.Explicit, ack_wait: nanos(this.ackWaitMs), max_deliver: -1 };
    await manager.consumers.add(WEBHOOK_STREAM, consumer).catch(async () => manager.consumers.update(WEBHOOK_STREAM, WEBHOOK_CONSUMER, consumer));
  }

  /**
   * Queues an attempt; the same `messageId` within JetStream's duplicate window is queued once.
   * `priorAttempts`: attempts the delivery already had (a sweep queueing it again), so its retry
   * schedule goes on where it was rather than starting over.
   */
  async enqueue(deliveryId: string, manual: boolean, messageId: string, priorAttempts = 0): Promise<void> {
    const message = priorAttempts > 0 ? { deliveryId, manual, priorAttempts } : { deliveryId, manual };
    await jetstream(this.connection).publish(WEBHOOK_SUBJECT, JSON.stringify(message), { msgID: messageId });
  }

  /** Hands attempts to `handle`, at most `concurrency` at a time, until `stop()`. */
  consume(concurrency: number, handle: (attempt: QueuedAttempt) => Promise<void>): Promise<void> {
    return this.puller.consume(WEBHOOK_STREAM, WEBHOOK_CONSUMER, concurrency, (message) => handle(toQueuedAttempt(message)));
  }

  async stop(): Promise<void> {
    this.puller.stop();
  }
}

function toQueuedAttempt(message: JsMsg): QueuedAttempt {
  const { deliveryId, manual, priorAttempts } = message.json<{ deliveryId: string; manual?: boolean; priorAttempts?: number }>();
  return {
    deliveryId,
    manual: manual === true,
    delivery: message.info.deliveryCount + (typeof priorAttempts === 'number' && priorAttempts > 0 ? Math.floor(priorAttempts) : 0),
    done: () => message.ack(),
    retryLater: (delayMs) => message.nak(delayMs),
  };
}
