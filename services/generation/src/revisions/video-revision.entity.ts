import { defineEntity, p } from '@mikro-orm/core';
import type { EntityRow } from '../entity-rows';

/**
 * One fix of a finished spoken video (issue 36, item 5): its script changed in one sentence, made
 * again there by its own lip-sync job (`jobId`) from the version `fromJobId` made. A video is named
 * by the job of its first version (`rootJobId`: a public API video's id, a wizard video's first
 * lip-sync job); its versions are that job's video and each succeeded fix's, all kept. The row goes
 * with the account (its jobs' folders with the user's media).
 */
export const VideoRevisionEntity = defineEntity({
  name: 'VideoRevision',
  tableName: 'video_revision',
  properties: {
    /** Its job's id. */
    jobId: p.uuid().primary(),
    userId: p.uuid().index(),
    rootJobId: p.uuid().index(),
    fromJobId: p.uuid(),
    /** The version it makes: 2 for a video's first fix. */
    version: p.integer(),
    sentenceIndex: p.integer(),
    before: p.text(),
    after: p.text(),
    /** The whole script of the version it makes. */
    script: p.text(),
    /** Whether it costs a generation (a video's first REVISION_FREE_FIXES do not). */
    charged: p.boolean(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});

export type VideoRevisionRecord = EntityRow<typeof VideoRevisionEntity>;
