import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** The link between one of our users and their Stripe customer. */
export const CustomerEntity = defineEntity({
  name: 'Customer',
  tableName: 'customer',
  properties: {
    userId: p.uuid().primary(),
    stripeCustomerId: p.string().length(100).unique(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});

export type Customer = InferEntity<typeof CustomerEntity>;
