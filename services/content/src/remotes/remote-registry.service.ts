import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { ErrorCode, REMOTE_FOLDERS, type RemoteHistory, type RemoteLiveVersion, type RemoteLiveVersions, type RemoteName } from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';
import { contentDatabase, now } from '../database';
import { checkReleasable, liveRelease, rollbackOf } from './remote-registry.rules';

type Database = ReturnType<typeof contentDatabase>;

/**
 * Which version of each remote is live (issue 21): versions are recorded once published, releases
 * in order. Changes to one remote run one at a time (a transaction-scoped advisory lock), so two
 * operators releasing at once leave a history that says who went live after whom.
 */
@Injectable()
export class RemoteRegistryService {
  constructor(private readonly em: EntityManager) {}

  async publish(remote: RemoteName, version: string, by: string): Promise<RemoteHistory> {
    const inserted = await contentDatabase(this.em)
      .insertInto('remote_version')
      .values({ remote, version, publishedBy: by })
      .onConflict((conflict) => conflict.columns(['remote', 'version']).doNothing())
      .returning('version')
      .executeTakeFirst();
    // A version's files never change: publishing it twice would serve two builds under one name.
    if (!inserted) throw new ServiceError(ErrorCode.Conflict, `${REMOTE_FOLDERS[remote]} ${version} is already published; versions are immutable, publish a new one.`, { version });
    return this.history(remote);
  }

  release(remote: RemoteName, version: string, by: string): Promise<RemoteLiveVersion> {
    return this.changing(remote, async (db) => {
      const published = await db.selectFrom('remote_version').select('version').where('remote', '=', remote).execute();
      checkReleasable(REMOTE_FOLDERS[remote], version, published.map((row) => row.version));
      // Releasing the live version again changes nothing (and adds no step a rollback would have to undo).
      if (liveRelease(await this.releases(db, remote))?.version !== version) {
        await db.insertInto('remote_release').values({ remote, version, releasedBy: by }).execute();
      }
      return { remote, version };
    });
  }

  rollback(remote: RemoteName, by: string): Promise<RemoteLiveVersion> {
    return this.changing(remote, async (db) => {
      const { withdrawn, restored } = rollbackOf(REMOTE_FOLDERS[remote], await this.releases(db, remote));
      await db.updateTable('remote_release').set({ rolledBackAt: now(), rolledBackBy: by }).where('id', '=', withdrawn.id).execute();
      return { remote, version: restored.version };
    });
  }

  async live(): Promise<RemoteLiveVersions> {
    const rows = await contentDatabase(this.em)
      .selectFrom('remote_release')
      .distinctOn('remote')
      .select(['remote', 'version'])
      .where('rolledBackAt', 'is', null)
      .orderBy('remote')
      .orderBy('id', 'desc')
      .execute();
    return Object.fromEntries(rows.filter((row) => row.remote in REMOTE_FOLDERS).map((row) => [row.remote, row.version])) as RemoteLiveVersions;
  }

  async history(remote: RemoteName): Promise<RemoteHistory> {
    const db = contentDatabase(this.em);
    const versions = await db.selectFrom('remote_version').select(['version', 'publishedAt', 'publishedBy']).where('remote', '=', remote).orderBy('publishedAt', 'desc').orderBy('version', 'desc').execute();
    const releases = await db
      .selectFrom('remote_release')
      .select(['id', 'version', 'releasedAt', 'releasedBy', 'rolledBackAt', 'rolledBackBy'])
      .where('remote', '=', remote)
      .orderBy('id', 'desc')
      .execute();
    return {
      remote,
      live: liveRelease([...releases].reverse())?.version ?? null,
      versions: versions.map((row) => ({ version: row.version, publishedAt: row.publishedAt.toISOString(), publishedBy: row.publishedBy })),
      releases: releases.map((row) => ({
        version: row.version,
        releasedAt: row.releasedAt.toISOString(),
        releasedBy: row.releasedBy,
        rolledBackAt: row.rolledBackAt?.toISOString() ?? null,
        rolledBackBy: row.rolledBackBy ?? null,
      })),
    };
  }

  /** The remote's releases, oldest first. */
  private releases(db: Database, remote: RemoteName) {
    return db.selectFrom('remote_release').select(['id', 'version', 'rolledBackAt']).where('remote', '=', remote).orderBy('id').execute();
  }

  /** Runs a change to one remote's releases in a transaction that holds that remote's lock. */
  private changing<T>(remote: RemoteName, change: (db: Database) => Promise<T>): Promise<T> {
    return this.em.transactional(async (em) => {
      const db = contentDatabase(em);
      await sql`select pg_advisory_xact_lock(hashtext(${`content.remote_release:${remote}`}))`.execute(db);
      return change(db);
    });
  }
}
