import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { ReportReason } from '@lipcast/contracts';

/**
 * A report of a gallery influencer (e.g. a likeness used without consent). One per reporter and
 * project (a user id, or a digest of a signed-out caller's address), so one person cannot hide an
 * item alone; an item with `GALLERY_REPORTS_TO_HIDE` reports leaves the gallery and operators see
 * it on the ops `/status`.
 */
export const InfluencerReportEntity = defineEntity({
  name: 'InfluencerReport',
  tableName: 'influencer_report',
  properties: {
    id: p.integer().primary().autoincrement(),
    projectId: p.integer(),
    reporter: p.string().length(100),
    reason: p.string().length(20).$type<ReportReason>(),
    contact: p.string().length(200).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type InfluencerReport = InferEntity<typeof InfluencerReportEntity>;
