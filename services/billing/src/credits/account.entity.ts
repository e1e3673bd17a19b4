import { defineEntity, p } from '@mikro-orm/core';

/**
 * One user's place in the credit ledger: the plan followed (as Stripe has it) with its paid period,
 * and the pack credits left. Reserves lock this row, so concurrent reserves of one user queue up here.
 */
export const AccountEntity = defineEntity({
  name: 'Account',
  tableName: 'account',
  properties: {
    userId: p.uuid().primary(),
    subscriptionStatus: p.text().nullable(),
    subscriptionPlan: p.text().nullable(),
    periodStart: p.datetime().nullable(),
    periodEnd: p.datetime().nullable(),
    packCredits: p.integer().default(0),
    createdAt: p.datetime().defaultRaw('now()'),
    /** The Stripe subscription the account follows. */
    subscriptionId: p.string().length(100).nullable(),
    cancelAtPeriodEnd: p.boolean().default(false),
    /** Free generations an earlier, deleted account of the same identity used: this one starts with them used (auth tells, `carryFreeUsed`). */
    freeUsedBefore: p.integer().default(0),
  },
});
