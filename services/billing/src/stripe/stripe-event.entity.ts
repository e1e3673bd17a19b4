import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A Stripe webhook event already applied, so an exact repeat is skipped cheaply. */
export const StripeEventEntity = defineEntity({
  name: 'StripeEvent',
  tableName: 'stripe_event',
  properties: {
    id: p.string().length(100).primary(),
    type: p.string().length(100),
    processedAt: p.datetime().defaultRaw('now()'),
  },
});

export type StripeEvent = InferEntity<typeof StripeEventEntity>;
