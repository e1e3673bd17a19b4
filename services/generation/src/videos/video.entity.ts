import { defineEntity, p } from '@mikro-orm/core';
import type { EntityRow } from '../entity-rows';

/**
 * A public API video: the API's view of one lip-sync job that speaks its script first. Its id is the
 * job's id (the job holds status, progress, result and credit); this row keeps what only the API has
 * (what it shows, the caller's metadata and webhook URL) and lists a user's videos. It goes with its
 * job (account deletion) and is deleted with its media by `DELETE /api/v1/videos/{id}`.
 */
export const VideoEntity = defineEntity({
  name: 'Video',
  tableName: 'video',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    actorId: p.string().length(100).nullable(),
    influencerId: p.integer().nullable(),
    metadata: p.json<Record<string, unknown>>().nullable(),
    webhookUrl: p.text().nullable(),
    /** One of contracts' `VIDEO_FORMAT_IDS`; null: the portrait card (videos made before formats existed). */
    format: p.string().length(20).nullable(),
    /** The job the video follows now, when an operator's retry made a new one; null while it is its first (whose id is the video's). */
    jobId: p.uuid().nullable(),
    /** Milliseconds only, so a list cursor carries it exactly. */
    createdAt: p.datetime().defaultRaw(`date_trunc('milliseconds', now())`),
  },
});

export type VideoRecord = EntityRow<typeof VideoEntity>;

/**
 * One `Idempotency-Key` of a user: the SHA-256 of the create it named and the video it made. The row
 * is claimed (inserted) before the video is started, so concurrent creates with the key find it and
 * wait for the one that claimed it; `videoId` is null only while that create is under way.
 */
export const IdempotencyKeyEntity = defineEntity({
  name: 'IdempotencyKey',
  tableName: 'idempotency_key',
  properties: {
    userId: p.uuid().primary(),
    key: p.string().length(255).primary(),
    requestHash: p.string().length(64),
    videoId: p.uuid().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});

export type IdempotencyKeyRecord = EntityRow<typeof IdempotencyKeyEntity>;
