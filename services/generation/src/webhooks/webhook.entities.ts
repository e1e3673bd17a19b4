import { defineEntity, p } from '@mikro-orm/core';
import type { WebhookDeliveryStatus, WebhookEvent, WebhookPayload } from '@lipcast/contracts';

const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const satisfies readonly WebhookDeliveryStatus[];

/** A user's registered receiver: the events it wants, and its signing secret (AES-256-GCM under `WEBHOOK_SECRET_KEY`, see secret-box.ts). */
export const WebhookEndpointEntity = defineEntity({
  name: 'WebhookEndpoint',
  tableName: 'webhook_endpoint',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    url: p.text(),
    events: p.array<WebhookEvent>().columnType('text[]'),
    encryptedSecret: p.text(),
    createdAt: p.datetime().defaultRaw('now()'),
    disabled: p.boolean().default(false),
    /**
     * Failed deliveries in a row: deliveries whose automatic attempts all ended without a 2xx (or were
     * refused). A delivered one resets it, and so does enabling the endpoint; at
     * `WEBHOOK_DISABLE_AFTER_FAILURES` the endpoint is disabled, and while disabled it keeps the count
     * that disabled it (shown in the profile).
     */
    consecutiveFailures: p.integer().default(0),
  },
});

/** One event to one receiver (an endpoint, or a request's own `webhook_url`): its payload and how its attempts went. */
export const WebhookDeliveryEntity = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_delivery',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    /** Null for a request's own URL (signed with the user's request-webhook secret). */
    endpointId: p.uuid().nullable(),
    url: p.text(),
    event: p.string().length(50).$type<WebhookEvent>(),
    payload: p.json<WebhookPayload>(),
    status: p.enum(DELIVERY_STATUSES),
    attempts: p.integer().default(0),
    nextAttemptAt: p.datetime().nullable(),
    lastStatusCode: p.integer().nullable(),
    lastError: p.text().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    deliveredAt: p.datetime().nullable(),
  },
});

/** One HTTP attempt of a delivery: the receiver's status, or why there was none. */
export const WebhookAttemptEntity = defineEntity({
  name: 'WebhookAttempt',
  tableName: 'webhook_attempt',
  properties: {
    id: p.uuid().primary(),
    deliveryId: p.uuid(),
    at: p.datetime().defaultRaw('now()'),
    statusCode: p.integer().nullable(),
    error: p.text().nullable(),
    durationMs: p.integer(),
  },
});


/**
 * One manual redelivery let through, by receiver (its endpoint's id, or a request's own URL), so that
 * every replica counts the same redeliveries of the last hour (see `WEBHOOK_REDELIVERIES_PER_HOUR`).
 */
export const WebhookRedeliveryEntity = defineEntity({
  name: 'WebhookRedelivery',
  tableName: 'webhook_redelivery',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    /** The endpoint's id, or `url:<userId>:<url>` for a delivery to a request's own `webhook_url` (counted per user). */
    receiver: p.text(),
    deliveryId: p.uuid(),
    at: p.datetime().defaultRaw('now()'),
  },
});
