import { Injectable } from '@nestjs/common';
import { CLONED_VOICE_PREFIX, type ClonedVoice } from '@lipcast/contracts';
import { GenerationRepository, millisecondsAgo, now, type GenerationRow } from '../database';

export type ClonedVoiceRow = GenerationRow<'cloned_voice'>;
type NewClonedVoice = Pick<ClonedVoiceRow, 'id' | 'userId' | 'name' | 'provider' | 'providerVoiceId' | 'sampleKey' | 'consentId'>;

/** The creators' cloned voices (`cloned_voice`). */
@Injectable()
export class ClonedVoicesRepository extends GenerationRepository {
  create(voice: NewClonedVoice): Promise<ClonedVoiceRow> {
    return this.db.insertInto('cloned_voice').values(voice).returningAll().executeTakeFirstOrThrow();
  }

  /** The user's voices, newest first. */
  listOf(userId: string): Promise<ClonedVoiceRow[]> {
    return this.db.selectFrom('cloned_voice').selectAll().where('userId', '=', userId).orderBy('createdAt', 'desc').execute();
  }

  /** One of the user's voices (undefined when it is not theirs or does not exist). */
  findOf(userId: string, id: string): Promise<ClonedVoiceRow | undefined> {
    return this.db.selectFrom('cloned_voice').selectAll().where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
  }

  /** A voice by its id, whoever owns it (speech marks a voice used; who may speak it is checked before). */
  findById(id: string): Promise<ClonedVoiceRow | undefined> {
    return this.db.selectFrom('cloned_voice').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Whether the user's voice was deleted (false: not theirs, or already gone). */
  async deleteOf(userId: string, id: string): Promise<boolean> {
    const deleted = await this.db.deleteFrom('cloned_voice').where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
    return Number(deleted.numDeletedRows) > 0;
  }

  /** A speech was made in the voice: the provider's 7-day clock starts again. */
  async touch(id: string): Promise<void> {
    await this.db.updateTable('cloned_voice').set({ lastUsedAt: now() }).where('id', '=', id).execute();
  }

  /** The provider forgot the voice and it was cloned again from its sample under a new id. */
  async replaceProviderVoice(id: string, providerVoiceId: string): Promise<void> {
    await this.db.updateTable('cloned_voice').set({ providerVoiceId, lastUsedAt: now() }).where('id', '=', id).execute();
  }

  /** Voices no speech has used for `ms` (the keep-alive's work), oldest use first. */
  unusedFor(ms: number, limit: number): Promise<ClonedVoiceRow[]> {
    return this.db.selectFrom('cloned_voice').selectAll().where('lastUsedAt', '<=', millisecondsAgo(ms)).orderBy('lastUsedAt', 'asc').limit(limit).execute();
  }
}

/** A voice as its owner sees it. */
export const toClonedVoice = (row: ClonedVoiceRow): ClonedVoice => ({
  id: `${CLONED_VOICE_PREFIX}${row.id}`,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt.toISOString(),
});
