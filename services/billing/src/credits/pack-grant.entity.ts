import { defineEntity, p } from '@mikro-orm/core';

/**
 * A paid pack of generations, one per Stripe payment so a payment is never counted twice; a refund or
 * dispute records when it was taken back and how many of its credits were still there to revoke.
 */
export const PackGrantEntity = defineEntity({
  name: 'PackGrant',
  tableName: 'pack_grant',
  properties: {
    paymentId: p.string().length(100).primary(),
    userId: p.uuid(),
    generations: p.integer(),
    createdAt: p.datetime().defaultRaw('now()'),
    revokedAt: p.datetime().nullable(),
    revokedCredits: p.integer().nullable(),
  },
});
