import { Injectable } from '@nestjs/common';
import { authDatabase, AuthRepository } from '../database';
import { ApiKeyEntity, type ApiKey } from './api-key.entity';

/** What a new key is stored as (never the key itself). */
export type NewApiKey = Pick<ApiKey, 'userId' | 'name' | 'prefix' | 'hash' | 'scopes' | 'expiresAt'>;

/** Why a key was not created: its user is gone or being deleted, or holds the most keys allowed already. */
export type ApiKeyRefusal = 'user-gone' | 'limit-reached';

/** The users' API keys. */
@Injectable()
export class ApiKeysRepository extends AuthRepository {
  /**
   * Inserts the key unless its user already holds `limit` keys that are not revoked. The user's row is
   * locked while the keys are counted, so two creates racing cannot pass the limit together.
   */
  insertWithinLimit(key: NewApiKey, limit: number): Promise<ApiKey | ApiKeyRefusal> {
    return this.em.transactional(async (em) => {
      const db = authDatabase(em);
      const user = await db.selectFrom('user').select('status').where('id', '=', key.userId).forUpdate().executeTakeFirst();
      if (!user || user.status === 'deleting') return 'user-gone';
      const held = await db
        .selectFrom('api_key')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('userId', '=', key.userId)
        .where('revokedAt', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(held.count) >= limit) return 'limit-reached';
      const row = em.create(ApiKeyEntity, key);
      await em.flush();
      return row;
    });
  }

  /** The user's keys that are not revoked, newest first. */
  listLive(userId: string): Promise<ApiKey[]> {
    return this.em.find(ApiKeyEntity, { userId, revokedAt: null }, { orderBy: { createdAt: 'desc', id: 'asc' } });
  }

  findByHash(hash: string): Promise<ApiKey | null> {
    return this.em.findOne(ApiKeyEntity, { hash });
  }

  /** Revokes one of the user's keys (a revoked one stays as it was); false when the user has no such key. */
  async revoke(userId: string, keyId: string, at: Date): Promise<boolean> {
    const { numUpdatedRows } = await this.db.updateTable('api_key').set({ revokedAt: at }).where('id', '=', keyId).where('userId', '=', userId).where('revokedAt', 'is', null).executeTakeFirst();
    if (numUpdatedRows > 0n) return true;
    const key = await this.db.selectFrom('api_key').select('id').where('id', '=', keyId).where('userId', '=', userId).executeTakeFirst();
    return key !== undefined;
  }

  /** Sets the key's last use to `at` unless another request set it after `staleBefore` (so concurrent requests write it once). */
  async recordUse(keyId: string, at: Date, staleBefore: Date): Promise<void> {
    await this.db
      .updateTable('api_key')
      .set({ lastUsedAt: at })
      .where('id', '=', keyId)
      .where((eb) => eb.or([eb('lastUsedAt', 'is', null), eb('lastUsedAt', '<=', staleBefore)]))
      .execute();
  }
}
