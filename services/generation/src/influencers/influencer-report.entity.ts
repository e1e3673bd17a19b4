import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { ReportReason } from '@lipcast/contracts';

/**
 * A report of a gallery influencer (e.g. a likeness used without consent). One per reporter and
 * project (a user id, or a digest of a signed-out caller's address), so one person counts once; when
 * the reports since the last operator decision weigh `GALLERY_REPORTS_TO_HIDE`, the item goes in
 * review (out of the gallery) and operators decide.
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
    /** Its weight in thirds: 3 from an established account (older than a day, or paying), 1 from a new account or a signed-out address. */
    weightThirds: p.integer().default(3),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type InfluencerReport = InferEntity<typeof InfluencerReportEntity>;
