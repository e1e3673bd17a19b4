import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { WebhookDeliveryStatus, WebhookEvent, WebhookPayload } from '@lipcast/contracts';
import { generationDatabase, GenerationRepository, millisecondsAgo, millisecondsFromNow, now, type GenerationDb, type GenerationRow } from '../database';

const HOUR_MS = 60 * 60 * 1000;

export type WebhookEndpointRow = GenerationRow<'webhook_endpoint'>;
export type WebhookDeliveryRow = GenerationRow<'webhook_delivery'>;
export type WebhookAttemptRow = GenerationRow<'webhook_attempt'>;

/** How an attempt ended for its delivery: delivered, still pending (retry in `retryInMs`), failed, or as it was (a manual attempt that failed). */
export type AttemptOutcome = { status: 'delivered' } | { status: 'pending'; retryInMs: number } | { status: 'failed' } | { status: 'unchanged' };

/** Webhook endpoints, deliveries and attempts in PostgreSQL. */
@Injectable()
export class WebhooksRepository extends GenerationRepository {
  /**
   * Creates the endpoint unless the user already has `limit` of them (then undefined). Counted and
   * inserted under a per-user transaction lock, so concurrent registrations (any replica) cannot pass it together.
   */
  async createEndpointWithin(limit: number, userId: string, url: string, events: WebhookEvent[], encryptedSecret: string): Promise<WebhookEndpointRow | undefined> {
    return this.em.transactional(async (em) => {
      const db = generationDatabase(em);
      await sql`select pg_advisory_xact_lock(hashtext(${`webhook-endpoints:${userId}`}))`.execute(db);
      const { count } = await db.selectFrom('webhook_endpoint').select((eb) => eb.fn.countAll<string>().as('count')).where('userId', '=', userId).executeTakeFirstOrThrow();
      if (Number(count) >= limit) return undefined;
      return db.insertInto('webhook_endpoint').values({ id: randomUUID(), userId, url, events, encryptedSecret }).returningAll().executeTakeFirstOrThrow();
    });
  }

  /**
   * Counts one manual redelivery to `receiver` unless it already had `limit` in the last hour (then
   * false). Counted and recorded under a per-receiver transaction lock, so concurrent redeliveries
   * (any replica) cannot pass it together.
   */
  async countRedeliveryWithin(limit: number, redelivery: { userId: string; receiver: string; deliveryId: string }): Promise<boolean> {
    return this.em.transactional(async (em) => {
      const db = generationDatabase(em);
      await sql`select pg_advisory_xact_lock(hashtext(${`webhook-redeliveries:${redelivery.receiver}`}))`.execute(db);
      const { count } = await db
        .selectFrom('webhook_redelivery')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('receiver', '=', redelivery.receiver)
        .where('at', '>', millisecondsAgo(HOUR_MS))
        .executeTakeFirstOrThrow();
      if (Number(count) >= limit) return false;
      // What is an hour old counts no more: this receiver's older rows go as it is counted.
      await db.deleteFrom('webhook_redelivery').where('receiver', '=', redelivery.receiver).where('at', '<=', millisecondsAgo(HOUR_MS)).execute();
      await db.insertInto('webhook_redelivery').values({ id: randomUUID(), ...redelivery }).execute();
      return true;
    });
  }

  async endpoints(userId: string): Promise<WebhookEndpointRow[]> {
    return this.db.selectFrom('webhook_endpoint').selectAll().where('userId', '=', userId).orderBy('createdAt', 'desc').execute();
  }

  async endpoint(endpointId: string): Promise<WebhookEndpointRow | undefined> {
    return this.db.selectFrom('webhook_endpoint').selectAll().where('id', '=', endpointId).executeTakeFirst();
  }

  /** The user's enabled endpoints subscribed to `event`. */
  async subscribers(userId: string, event: WebhookEvent): Promise<WebhookEndpointRow[]> {
    const endpoints = await this.db.selectFrom('webhook_endpoint').selectAll().where('userId', '=', userId).where('disabled', '=', false).execute();
    return endpoints.filter((endpoint) => endpoint.events.includes(event));
  }

  /** Deletes the endpoint and (cascade) its deliveries; false when the user has no such endpoint. */
  async deleteEndpoint(userId: string, endpointId: string): Promise<boolean> {
    const deleted = await this.db.deleteFrom('webhook_endpoint').where('id', '=', endpointId).where('userId', '=', userId).executeTakeFirst();
    return deleted.numDeletedRows > 0n;
  }

  /** Enables the user's endpoint again, its count of failed deliveries reset; undefined when the user has no such endpoint. */
  async enableEndpoint(userId: string, endpointId: string): Promise<WebhookEndpointRow | undefined> {
    return this.db
      .updateTable('webhook_endpoint')
      .set({ disabled: false, consecutiveFailures: 0 })
      .where('id', '=', endpointId)
      .where('userId', '=', userId)
      .returningAll()
      .executeTakeFirst();
  }

  async createDelivery(delivery: { id: string; userId: string; endpointId: string | null; url: string; event: WebhookEvent; payload: WebhookPayload }): Promise<WebhookDeliveryRow> {
    return this.db
      .insertInto('webhook_delivery')
      .values({ ...delivery, status: 'pending' satisfies WebhookDeliveryStatus, nextAttemptAt: now() })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async delivery(deliveryId: string): Promise<WebhookDeliveryRow | undefined> {
    return this.db.selectFrom('webhook_delivery').selectAll().where('id', '=', deliveryId).executeTakeFirst();
  }

  async deliveries(userId: string, limit: number, endpointId?: string): Promise<WebhookDeliveryRow[]> {
    let query = this.db.selectFrom('webhook_delivery').selectAll().where('userId', '=', userId);
    if (endpointId) query = query.where('endpointId', '=', endpointId);
    return query.orderBy('createdAt', 'desc').orderBy('id').limit(limit).execute();
  }

  async attempts(deliveryIds: string[]): Promise<WebhookAttemptRow[]> {
    if (!deliveryIds.length) return [];
    return this.db.selectFrom('webhook_attempt').selectAll().where('deliveryId', 'in', deliveryIds).orderBy('at').orderBy('id').execute();
  }

  /**
   * Claims up to `limit` pending deliveries whose next attempt has been due for over `graceMs` (their
   * queue message was never published, or was lost): each one's next attempt becomes now, so another
   * sweep (of this or another process) takes it again only after another grace period.
   */
  async claimOverdue(graceMs: number, limit: number): Promise<Pick<WebhookDeliveryRow, 'id' | 'attempts'>[]> {
    const overdue = this.db
      .selectFrom('webhook_delivery')
      .select('id')
      .where('status', '=', 'pending')
      .where('nextAttemptAt', '<', millisecondsAgo(graceMs))
      .orderBy('nextAttemptAt')
      .limit(limit);
    return this.db
      .updateTable('webhook_delivery')
      .set({ nextAttemptAt: now() })
      .where('id', 'in', overdue)
      // Checked again on the row itself: a concurrent sweep that claimed it first moved its time.
      .where('status', '=', 'pending')
      .where('nextAttemptAt', '<', millisecondsAgo(graceMs))
      .returning(['id', 'attempts'])
      .execute();
  }

  /** Marks a pending delivery failed without an attempt (its endpoint was disabled after it was queued). */
  async failUnsent(deliveryId: string, reason: string): Promise<void> {
    await this.db.updateTable('webhook_delivery').set({ status: 'failed', nextAttemptAt: null, lastError: reason }).where('id', '=', deliveryId).where('status', '=', 'pending').execute();
  }

  /**
   * Records one attempt and what it means for its delivery and, for a delivery to an endpoint, for the
   * endpoint's failed deliveries in a row (see `countOutcome`), in one transaction. Answers the
   * endpoint's disabling when this attempt disabled it (undefined otherwise): only one attempt can.
   */
  async recordAttempt(
    deliveryId: string,
    attempt: { statusCode: number | null; error: string | null; durationMs: number },
    outcome: AttemptOutcome,
    endpoint?: { id: string; disableAfterFailures: number },
  ): Promise<EndpointDisabled | undefined> {
    return this.em.transactional(async (em) => {
      const db = generationDatabase(em);
      await db.insertInto('webhook_attempt').values({ id: randomUUID(), deliveryId, ...attempt }).execute();
      const counted = db
        .updateTable('webhook_delivery')
        .set((row) => ({ attempts: row('attempts', '+', 1), lastStatusCode: attempt.statusCode, lastError: attempt.error }))
        .where('id', '=', deliveryId);
      if (outcome.status === 'delivered') await counted.set({ status: 'delivered', deliveredAt: now(), nextAttemptAt: null }).execute();
      else if (outcome.status === 'pending') await counted.set({ nextAttemptAt: millisecondsFromNow(outcome.retryInMs) }).execute();
      else if (outcome.status === 'failed') await counted.set({ status: 'failed', nextAttemptAt: null }).execute();
      else await counted.execute();
      return endpoint ? countOutcome(db, endpoint, outcome) : undefined;
    });
  }
}

/** An endpoint an attempt's delivery just disabled, and the failed deliveries in a row that did. */
export interface EndpointDisabled {
  failures: number;
}

/**
 * An enabled endpoint's failed deliveries in a row: one more for a delivery that has failed (its
 * automatic attempts all used up without a 2xx, or refused), none after one delivered (automatically
 * or by hand); at `disableAfterFailures` the endpoint is disabled, and this answers it. Attempts that
 * leave the delivery pending or as it was (a failed manual one) do not count. A disabled endpoint's
 * count stays the one that disabled it (attempts already under way then change nothing), so it says
 * why until the owner enables it; and the one update that disables it is the only one that sees it enabled.
 */
async function countOutcome(db: GenerationDb, endpoint: { id: string; disableAfterFailures: number }, outcome: AttemptOutcome): Promise<EndpointDisabled | undefined> {
  const enabled = db.updateTable('webhook_endpoint').where('id', '=', endpoint.id).where('disabled', '=', false);
  if (outcome.status === 'delivered') {
    await enabled.set({ consecutiveFailures: 0 }).where('consecutiveFailures', '>', 0).execute();
    return undefined;
  }
  if (outcome.status !== 'failed') return undefined;
  const counted = await enabled
    .set((row) => ({
      consecutiveFailures: row('consecutiveFailures', '+', 1),
      // The row's values before this update: the count reaching the limit disables it.
      disabled: sql<boolean>`consecutive_failures + 1 >= ${endpoint.disableAfterFailures}`,
    }))
    .returning(['disabled', 'consecutiveFailures'])
    .executeTakeFirst();
  return counted?.disabled ? { failures: counted.consecutiveFailures } : undefined;
}
