import { defineEntity, p } from '@mikro-orm/core';

/**
 * A manual change of a user's extra generations by an operator (operator console): how many, why,
 * by whom, and the job it refunds if any. Part of the ledger, kept for accounting like reservations.
 */
export const CreditAdjustmentEntity = defineEntity({
  name: 'CreditAdjustment',
  tableName: 'credit_adjustment',
  properties: {
    id: p.uuid().primary().onCreate(() => crypto.randomUUID()),
    userId: p.uuid().index(),
    delta: p.integer(),
    reason: p.string().length(500),
    jobId: p.string().length(100).nullable(),
    operatorId: p.uuid(),
    operatorName: p.string().length(200),
    createdAt: p.datetime().defaultRaw('now()').onCreate(() => new Date()),
  },
});
