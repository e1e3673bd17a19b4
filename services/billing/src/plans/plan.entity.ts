import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A plan sold through Stripe: the monthly subscription or a one-time pack of generations. */
export const PlanEntity = defineEntity({
  name: 'Plan',
  tableName: 'plan',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(100),
    description: p.text(),
    price: p.integer(),
    interval: p.enum(['month', 'once'] as const),
    isActive: p.boolean(),
    generationsLimit: p.integer(),
    stripePriceId: p.string().length(100).nullable(),
    /** Finds the plan's current price in Stripe (a price's amount never changes; a new price takes the key over). */
    stripeLookupKey: p.string().length(100).unique(),
  },
});

export type Plan = InferEntity<typeof PlanEntity>;
