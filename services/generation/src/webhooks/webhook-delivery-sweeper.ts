import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { counter, PeriodicWork } from '@lipcast/nest-kit';
import { WebhookQueue } from './webhook-queue';
import { WebhooksRepository } from './webhooks.repository';

const SWEEP_INTERVAL_MS = 60_000;
/**
 * A pending delivery whose next attempt has been due this long has no message in the queue: its
 * process died between writing the row and publishing it (or the stream lost it). Well past the
 * senders' usual lag, so a delivery merely waiting its turn is not queued twice.
 */
export const WEBHOOK_SWEEP_GRACE_MS = 10 * 60_000;
/** Deliveries one sweep queues again at most; the next sweep takes the rest. */
const SWEEP_BATCH = 500;

const webhookDeliveriesSwept = counter({
  name: 'lipcast_generation_webhook_deliveries_swept_total',
  help: 'Pending webhook deliveries queued again by the sweep, their queue message never published or lost',
});

/**
 * Queues again, now and then, the pending webhook deliveries nothing will send: due for longer than
 * `WEBHOOK_SWEEP_GRACE_MS` (the stale-job sweeper's counterpart for deliveries). Each is claimed in
 * the database first (its next attempt moved to now), so replicas sweeping at once queue it once;
 * its retry schedule goes on from the attempts it already had. Runs in every generation process:
 * any of them can publish, the senders deliver.
 */
@Injectable()
export class WebhookDeliverySweeper extends PeriodicWork {
  protected readonly work = 'webhook delivery sweep';
  protected readonly intervalMs = () => SWEEP_INTERVAL_MS;
  protected readonly runPass = () => RequestContext.create(this.orm.em, () => this.sweep());

  constructor(
    private readonly repository: WebhooksRepository,
    private readonly queue: WebhookQueue,
    private readonly orm: MikroORM,
  ) {
    super();
  }

  /** One pass; returns the ids of the deliveries it queued again. */
  async sweep(graceMs = WEBHOOK_SWEEP_GRACE_MS): Promise<string[]> {
    const overdue = await this.repository.claimOverdue(graceMs, SWEEP_BATCH);
    for (const delivery of overdue) {
      // A publish that fails leaves the claim: the delivery is due again after another grace period.
      await this.queue.enqueue(delivery.id, false, `${delivery.id}:swept:${randomUUID()}`, delivery.attempts);
      webhookDeliveriesSwept.inc();
    }
    if (overdue.length) this.logger.warn(`${overdue.length} pending webhook deliveries were never queued or were lost: queued again`);
    return overdue.map((delivery) => delivery.id);
  }
}
