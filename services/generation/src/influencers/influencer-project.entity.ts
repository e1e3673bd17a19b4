import { defineEntity, p } from '@mikro-orm/core';
import type { InfluencerProject } from '@lipcast/contracts';
import type { CharacterLook } from '@lipcast/media-engine';
import type { GenerationRow } from '../database';

const IMAGE_KINDS = ['photo', 'illustration', 'upload'] as const satisfies readonly InfluencerProject['imageKind'][];

/**
 * An influencer (the Creator and One Shot): a portrait, then its looping clip. Private to its creator
 * until published (`approved`) with a name and consent; published ones are copied to `community/<id>/`.
 */
export const InfluencerProjectEntity = defineEntity({
  name: 'InfluencerProject',
  tableName: 'influencer_project',
  properties: {
    id: p.integer().primary().autoincrement(),
    userId: p.uuid(),
    prompt: p.text(),
    imageKey: p.string().length(512),
    imageKind: p.enum(IMAGE_KINDS),
    /** The character the offline engine drew, to animate it the same way. */
    look: p.json<CharacterLook>().nullable(),
    videoPrompt: p.text().nullable(),
    videoKey: p.string().length(512).nullable(),
    thumbnailKey: p.string().length(512).nullable(),
    durationSeconds: p.float().nullable(),
    approved: p.boolean().default(false),
    /** The job making (or that made) its clip. */
    jobId: p.uuid().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    /** The name its owner published it under. */
    name: p.string().length(60).nullable(),
    /** When its owner last consented to publishing it. */
    consentedAt: p.datetime().nullable(),
  },
});

/** An influencer project as the query builder reads it. */
export type InfluencerProjectRecord = GenerationRow<'influencer_project'>;
