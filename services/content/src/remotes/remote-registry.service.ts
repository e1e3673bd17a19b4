import { Injectable } from '@nestjs/common';
import { ErrorCode, REMOTE_FOLDERS, type RemoteHistory, type RemoteLiveVersion, type RemoteLiveVersions, type RemoteName } from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';
import { RemoteRegistryRepository } from './remote-registry.repository';
import { checkReleasable, liveRelease, rollbackOf } from './remote-registry.rules';

/**
 * Which version of each remote is live (issue 21): versions are recorded once published, releases
 * in order. Changes to one remote run one at a time (a transaction-scoped advisory lock), so two
 * operators releasing at once leave a history that says who went live after whom.
 */
@Injectable()
export class RemoteRegistryService {
  constructor(private readonly registry: RemoteRegistryRepository) {}

  async publish(remote: RemoteName, version: string, by: string): Promise<RemoteHistory> {
    // A version's files never change: publishing it twice would serve two builds under one name.
    if (!(await this.registry.insertVersion(remote, version, by))) throw new ServiceError(ErrorCode.Conflict, `${REMOTE_FOLDERS[remote]} ${version} is already published; versions are immutable, publish a new one.`, { version });
    return this.history(remote);
  }

  release(remote: RemoteName, version: string, by: string): Promise<RemoteLiveVersion> {
    return this.registry.changing(remote, async (registry) => {
      checkReleasable(REMOTE_FOLDERS[remote], version, (await registry.versions(remote)).map((row) => row.version));
      // Releasing the live version again changes nothing (and adds no step a rollback would have to undo).
      if (liveRelease(await registry.releases(remote))?.version !== version) {
        await registry.insertRelease(remote, version, by);
      }
      return { remote, version };
    });
  }

  rollback(remote: RemoteName, by: string): Promise<RemoteLiveVersion> {
    return this.registry.changing(remote, async (registry) => {
      const { withdrawn, restored } = rollbackOf(REMOTE_FOLDERS[remote], await registry.releases(remote));
      await registry.markRolledBack(withdrawn.id, by);
      return { remote, version: restored.version };
    });
  }

  async live(): Promise<RemoteLiveVersions> {
    const rows = await this.registry.liveVersions();
    return Object.fromEntries(rows.filter((row) => row.remote in REMOTE_FOLDERS).map((row) => [row.remote, row.version])) as RemoteLiveVersions;
  }

  async history(remote: RemoteName): Promise<RemoteHistory> {
    const versions = await this.registry.versions(remote);
    const releases = await this.registry.releaseHistory(remote);
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
}
