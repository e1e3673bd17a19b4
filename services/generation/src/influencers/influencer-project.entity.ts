import { defineEntity, p } from '@mikro-orm/core';
import { MODERATION_STATES, type InfluencerProject } from '@lipcast/contracts';
import type { CharacterLook } from '@lipcast/media-engine';
import type { EntityRow } from '../entity-rows';

const IMAGE_KINDS = ['photo', 'illustration', 'upload'] as const satisfies readonly InfluencerProject['imageKind'][];

/**
 * An influencer (the Creator and One Shot): a portrait, then its looping clip. Private to its creator
 * until published (`approved`) with a name and consent; published ones that moderation leaves
 * `visible` are copied to `community/<id>/`.
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
    /** An uploaded picture's likeness consent (`likeness_consent`), which the videos made from it point to; null for drawn and generated portraits and older uploads. */
    consentId: p.uuid().nullable(),
    /** Moderation's hold on it (`MODERATION_STATES`): only `visible` ones are in the gallery, whatever `approved` says. */
    moderation: p.enum(MODERATION_STATES).default('visible'),
    /** Why it is in review or removed (or why an operator restored it): its owner reads it. */
    moderationReason: p.text().nullable(),
    /** When an operator last decided on it: only reports after that count towards the next review. */
    moderatedAt: p.datetime().nullable(),
    /** The owner's one appeal of the current review or removal. */
    appeal: p.text().nullable(),
    appealedAt: p.datetime().nullable(),
  },
});

/** An influencer project as the query builder reads it. */
export type InfluencerProjectRecord = EntityRow<typeof InfluencerProjectEntity>;
