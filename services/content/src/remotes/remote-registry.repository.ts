import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { RemoteName } from '@lipcast/contracts';
import { ContentRepository, now } from '../database';
import type { ReleaseEntry } from './remote-registry.rules';

/** The published versions of each remote (`remote_version`) and its releases in order (`remote_release`). */
@Injectable()
export class RemoteRegistryRepository extends ContentRepository {
  /**
   * Runs a change to one remote's releases in a transaction that holds that remote's lock (a
   * transaction-scoped advisory lock), with this repository's queries bound to it: changes to one
   * remote run one at a time.
   */
  changing<T>(remote: RemoteName, change: (registry: RemoteRegistryRepository) => Promise<T>): Promise<T> {
    return this.em.transactional(async (em) => {
      const registry = new RemoteRegistryRepository(em);
      await sql`select pg_advisory_xact_lock(hashtext(${`content.remote_release:${remote}`}))`.execute(registry.db);
      return change(registry);
    });
  }

  /** Records a published version; false when the remote has that version already. */
  async insertVersion(remote: RemoteName, version: string, publishedBy: string): Promise<boolean> {
    const inserted = await this.db
      .insertInto('remote_version')
      .values({ remote, version, publishedBy })
      .onConflict((conflict) => conflict.columns(['remote', 'version']).doNothing())
      .returning('version')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /** The remote's versions, newest first, with who published them. */
  versions(remote: RemoteName): Promise<{ version: string; publishedAt: Date; publishedBy: string }[]> {
    return this.db.selectFrom('remote_version').select(['version', 'publishedAt', 'publishedBy']).where('remote', '=', remote).orderBy('publishedAt', 'desc').orderBy('version', 'desc').execute();
  }

  /** The remote's releases, oldest first, as the rules take them. */
  releases(remote: RemoteName): Promise<ReleaseEntry[]> {
    return this.db.selectFrom('remote_release').select(['id', 'version', 'rolledBackAt']).where('remote', '=', remote).orderBy('id').execute();
  }

  /** The remote's releases, newest first, with who made and rolled back each. */
  releaseHistory(remote: RemoteName) {
    return this.db
      .selectFrom('remote_release')
      .select(['id', 'version', 'releasedAt', 'releasedBy', 'rolledBackAt', 'rolledBackBy'])
      .where('remote', '=', remote)
      .orderBy('id', 'desc')
      .execute();
  }

  async insertRelease(remote: RemoteName, version: string, releasedBy: string): Promise<void> {
    await this.db.insertInto('remote_release').values({ remote, version, releasedBy }).execute();
  }

  async markRolledBack(releaseId: number, rolledBackBy: string): Promise<void> {
    await this.db.updateTable('remote_release').set({ rolledBackAt: now(), rolledBackBy }).where('id', '=', releaseId).execute();
  }

  /** Each remote's live version: its newest release not rolled back (remotes the registry no longer knows included). */
  liveVersions(): Promise<{ remote: string; version: string }[]> {
    return this.db
      .selectFrom('remote_release')
      .distinctOn('remote')
      .select(['remote', 'version'])
      .where('rolledBackAt', 'is', null)
      .orderBy('remote')
      .orderBy('id', 'desc')
      .execute();
  }
}
