import { Injectable } from '@nestjs/common';
import { AuthRepository } from '../database';
import { UserEntity, type User } from './user.entity';

/** What a sign-in knows of the person behind an identity (issuer + subject). */
export type SignInIdentity = Pick<User, 'issuer' | 'subject' | 'username' | 'email' | 'firstName' | 'lastName' | 'profileImageUrl'>;

/** A user as the operator console's lookup lists it. */
export type UserSummaryRow = Pick<User, 'id' | 'username' | 'email' | 'createdAt'>;

/** `%` and `_` typed by an operator are literal characters, not wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** Users and what deleted accounts leave of their identities (`deleted_identity`). */
@Injectable()
export class UsersRepository extends AuthRepository {
  /**
   * The user behind the identity, inserted on its first sign-in and refreshed from the issuer's claims
   * after: one atomic statement, so two sign-ins racing for a new identity make one user.
   */
  upsertByIdentity(identity: SignInIdentity): Promise<User> {
    return this.em.upsert(
      UserEntity,
      { id: crypto.randomUUID(), ...identity, createdAt: new Date(), updatedAt: new Date() },
      {
        onConflictFields: ['issuer', 'subject'],
        onConflictAction: 'merge',
        onConflictMergeFields: ['username', 'email', 'firstName', 'lastName', 'profileImageUrl', 'updatedAt'],
      },
    );
  }

  find(id: string): Promise<User | null> {
    return this.em.findOne(UserEntity, { id });
  }

  /** Whether account deletion has started for the user (`deleting`). */
  async isDeleting(id: string): Promise<boolean> {
    const user = await this.db.selectFrom('user').select('id').where('id', '=', id).where('status', '=', 'deleting').executeTakeFirst();
    return user !== undefined;
  }

  async markDeleting(id: string): Promise<void> {
    await this.db.updateTable('user').set({ status: 'deleting' }).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('user').where('id', '=', id).execute();
  }

  /** Users whose id is the query, or whose username or e-mail contains it (case-insensitive), newest first; an empty query lists the newest. */
  search(query: string, limit: number): Promise<UserSummaryRow[]> {
    const pattern = `%${escapeLike(query)}%`;
    return this.db
      .selectFrom('user')
      .select(['id', 'username', 'email', 'createdAt'])
      .where((eb) => eb.or([eb(eb.cast<string>('id', 'text'), '=', query.toLowerCase()), eb('username', 'ilike', pattern), eb('email', 'ilike', pattern)]))
      .orderBy('createdAt', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** The free generations a deleted account of this identity (by its fingerprint) had used; 0 when none was deleted. */
  /** The users among `ids` (lowercase), newest first: the operator console names the users of a page of jobs or audit entries with one read. */
  summariesOf(ids: readonly string[]): Promise<UserSummaryRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('user').select(['id', 'username', 'email', 'createdAt']).where('id', 'in', [...ids]).orderBy('createdAt', 'desc').orderBy('id').execute();
  }

  async freeUsedByDeletedIdentity(identityHash: string): Promise<number> {
    const deleted = await this.db.selectFrom('deleted_identity').select('freeUsed').where('identityHash', '=', identityHash).executeTakeFirst();
    return deleted?.freeUsed ?? 0;
  }

  /** Keeps the identity's fingerprint with its free generations used, the larger count when it is there already. */
  async keepDeletedIdentity(identityHash: string, freeUsed: number): Promise<void> {
    await this.db
      .insertInto('deleted_identity')
      .values((eb) => ({ identityHash, freeUsed, deletedAt: eb.fn<Date>('now') }))
      .onConflict((conflict) =>
        conflict.column('identityHash').doUpdateSet((eb) => ({
          freeUsed: eb.fn<number>('greatest', [eb.ref('deleted_identity.freeUsed'), eb.ref('excluded.freeUsed')]),
          deletedAt: eb.ref('excluded.deletedAt'),
        })),
      )
      .execute();
  }
}
