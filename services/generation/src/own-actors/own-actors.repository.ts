import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CONSENT_TEXTS } from '@lipcast/contracts';
import { generationDatabase, GenerationRepository, type GenerationRow } from '../database';
import type { LikenessConsentRow } from './consents.repository';

export type OwnActorRow = GenerationRow<'own_actor'>;
/** An own actor with the consent it was uploaded under. */
export type OwnActorWithConsent = OwnActorRow & { consent: LikenessConsentRow };

type NewOwnActor = Pick<OwnActorRow, 'id' | 'userId' | 'name' | 'clipKey' | 'thumbnailKey' | 'durationSeconds' | 'width' | 'height'>;

/** Own actors and the consents recorded for the faces and voices creators bring. */
@Injectable()
export class OwnActorsRepository extends GenerationRepository {
  /** The actor and the likeness consent given for it at its upload, together or not at all. */
  async create(actor: NewOwnActor): Promise<OwnActorWithConsent> {
    return this.em.transactional(async (em) => {
      const db = generationDatabase(em);
      const given = await db
        .insertInto('likeness_consent')
        .values({ id: randomUUID(), userId: actor.userId, subject: 'likeness', mediaKey: actor.clipKey, text: CONSENT_TEXTS.likeness })
        .returningAll()
        .executeTakeFirstOrThrow();
      const created = await db.insertInto('own_actor').values({ ...actor, consentId: given.id }).returningAll().executeTakeFirstOrThrow();
      return { ...created, consent: given };
    });
  }

  /** The user's actors, newest first. */
  async listOf(userId: string): Promise<OwnActorWithConsent[]> {
    return this.withConsents(await this.db.selectFrom('own_actor').selectAll().where('userId', '=', userId).orderBy('createdAt', 'desc').execute());
  }

  /** One of the user's actors (undefined when it is not theirs or does not exist). */
  async findOf(userId: string, actorId: string): Promise<OwnActorWithConsent | undefined> {
    const [actor] = await this.withConsents(await this.db.selectFrom('own_actor').selectAll().where('userId', '=', userId).where('id', '=', actorId).execute());
    return actor;
  }

  /** The actor whose clip `clipKey` is (any user's), for the consent a video made from it points to. */
  async findByClip(clipKey: string): Promise<OwnActorRow | undefined> {
    return this.db.selectFrom('own_actor').selectAll().where('clipKey', '=', clipKey).executeTakeFirst();
  }

  /** Removes the actor; its consent stays (videos made from it point there). True when there was one. */
  async delete(userId: string, actorId: string): Promise<boolean> {
    const { numDeletedRows } = await this.db.deleteFrom('own_actor').where('userId', '=', userId).where('id', '=', actorId).executeTakeFirst();
    return numDeletedRows > 0n;
  }

  /** Each actor with its consent (read from the table as rows, so its columns come typed as the entity says). */
  private async withConsents(actors: OwnActorRow[]): Promise<OwnActorWithConsent[]> {
    if (actors.length === 0) return [];
    const consents = await this.db.selectFrom('likeness_consent').selectAll().where('id', 'in', actors.map((actor) => actor.consentId)).execute();
    const byId = new Map(consents.map((consent) => [consent.id, consent]));
    return actors.map((actor) => ({ ...actor, consent: byId.get(actor.consentId)! }));
  }
}
