import { jetstream, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';

/**
 * How long one pull request waits at the consumer's leader. The client expects the leader's
 * heartbeat every half of it and pulls anew after two are missed: a pull lost with its server (a
 * NATS cluster's leader killed, or asked while no leader was elected yet) is replaced within this,
 * not within the client's default 30 s, during which a worker with free slots would take no job.
 */
export const PULL_EXPIRES_MS = 5000;

/**
 * Pulls a JetStream work queue's messages for a handler, at most `concurrency` at a time, until
 * stopped (the job queue's lanes and the webhook deliveries alike). A message pulled but not started
 * when it stops goes straight back (`nak`) for another process; the running ones go on, and
 * `consume` resolves once they are over.
 */
export class WorkQueuePuller {
  private readonly messages = new Set<ConsumerMessages>();
  private stopped = false;

  constructor(private readonly connection: NatsConnection) {}

  async consume(stream: string, consumerName: string, concurrency: number, handle: (message: JsMsg) => Promise<void>): Promise<void> {
    const consumer = await jetstream(this.connection).consumers.get(stream, consumerName);
    const messages = await consumer.consume({ max_messages: concurrency, expires: PULL_EXPIRES_MS });
    this.messages.add(messages);
    const running = new Set<Promise<void>>();
    for await (const message of messages) {
      if (this.stopped) {
        message.nak();
        continue;
      }
      const task = handle(message).finally(() => running.delete(task));
      running.add(task);
      if (running.size >= concurrency) await Promise.race(running);
    }
    await Promise.allSettled(running);
  }

  /**
   * Stops pulling. Closing is not awaited: it waits for the consume loop, which waits for the running
   * handlers, and a draining worker must be free to hand those back first.
   */
  stop(): void {
    this.stopped = true;
    for (const messages of this.messages) void messages.close().catch(() => undefined);
  }
}
