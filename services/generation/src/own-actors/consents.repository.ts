import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CONSENT_TEXTS, type ConsentSubject, type LikenessConsentRecord } from '@lipcast/contracts';
import { GenerationRepository, type GenerationRow } from '../database';

export type LikenessConsentRow = GenerationRow<'likeness_consent'>;

/**
 * The consents creators give for the faces and voices they bring (`likeness_consent`): one row per
 * upload, recording or cloning, with the exact words confirmed. What is made from the media points
 * to its row (a job's input `consentId`).
 */
@Injectable()
export class ConsentsRepository extends GenerationRepository {
  /** Records that `userId` confirmed `CONSENT_TEXTS[subject]` for the object `mediaKey`, now. */
  record(userId: string, subject: ConsentSubject, mediaKey: string): Promise<LikenessConsentRow> {
    return this.db.insertInto('likeness_consent').values({ id: randomUUID(), userId, subject, mediaKey, text: CONSENT_TEXTS[subject] }).returningAll().executeTakeFirstOrThrow();
  }

  /** Every consent the user gave, newest first. */
  listOf(userId: string): Promise<LikenessConsentRow[]> {
    return this.db.selectFrom('likeness_consent').selectAll().where('userId', '=', userId).orderBy('givenAt', 'desc').execute();
  }

  find(consentId: string): Promise<LikenessConsentRow | undefined> {
    return this.db.selectFrom('likeness_consent').selectAll().where('id', '=', consentId).executeTakeFirst();
  }

  /** The consent `userId` gave for the object `mediaKey` (a recording of their voice kept as a speech), if any. */
  findByMedia(userId: string, mediaKey: string): Promise<LikenessConsentRow | undefined> {
    return this.db.selectFrom('likeness_consent').selectAll().where('userId', '=', userId).where('mediaKey', '=', mediaKey).orderBy('givenAt', 'desc').limit(1).executeTakeFirst();
  }
}

/** A consent as its owner and the operators read it. */
export const toConsentRecord = (row: LikenessConsentRow): LikenessConsentRecord => ({ id: row.id, subject: row.subject, text: row.text, givenAt: row.givenAt.toISOString() });
