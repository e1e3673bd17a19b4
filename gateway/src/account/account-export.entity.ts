import { defineEntity, p } from '@mikro-orm/core';

/**
 * A user's data exports (`GET /api/account/export`), shared by every gateway replica and kept across
 * restarts: how many were started in the UTC day that ends at `dayEndsAt`, and whether one is being
 * produced now (`runningUntil` in the future: the producing replica extends it while it streams, so a
 * replica that dies mid-export frees the user within a minute or two).
 */
export const AccountExportEntity = defineEntity({
  name: 'AccountExport',
  tableName: 'account_export',
  properties: {
    userId: p.uuid().primary(),
    exports: p.integer(),
    dayEndsAt: p.datetime(),
    /** The export being produced now (null: none); only its own replica extends or ends the lease. */
    runningId: p.uuid().nullable(),
    runningUntil: p.datetime().nullable(),
  },
});
