import { defineEntity, p } from '@mikro-orm/core';
import type { ConsentSubject } from '@lipcast/contracts';

const CONSENT_SUBJECTS = ['likeness', 'voice'] as const satisfies readonly ConsentSubject[];

/**
 * A creator's consent to use a face or a voice, as given: who (the user), what (the media it was
 * given for), the exact words they confirmed, and when. Kept after the media goes (the videos made
 * from it point here); removed with the account.
 */
export const LikenessConsentEntity = defineEntity({
  name: 'LikenessConsent',
  tableName: 'likeness_consent',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    subject: p.enum(CONSENT_SUBJECTS),
    /** The object it was given for, when it was given (the clip may be deleted since). */
    mediaKey: p.string().length(512),
    text: p.text(),
    givenAt: p.datetime().defaultRaw('now()'),
  },
});

/** A creator's own actor: their clip, checked at upload, private to them (`own:<id>` in the API). */
export const OwnActorEntity = defineEntity({
  name: 'OwnActor',
  tableName: 'own_actor',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    name: p.string().length(60),
    clipKey: p.string().length(512),
    thumbnailKey: p.string().length(512),
    durationSeconds: p.float(),
    width: p.integer(),
    height: p.integer(),
    consentId: p.uuid(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});
