import { ErrorCode } from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';

/** A release as the rules need it, oldest first in the lists they are given. */
export interface ReleaseEntry {
  id: number;
  version: string;
  rolledBackAt: Date | null;
}

/** The live release: the newest one not rolled back. */
export function liveRelease(releases: readonly ReleaseEntry[]): ReleaseEntry | undefined {
  return releases.findLast((release) => release.rolledBackAt === null);
}

/** Only a published version can go live: its files must be in the store. */
export function checkReleasable(remoteFolder: string, version: string, publishedVersions: readonly string[]): void {
  if (!publishedVersions.includes(version)) {
    throw new ServiceError(ErrorCode.NotFound, `${remoteFolder} ${version} is not published; publish it first (npm run remote -- publish ${remoteFolder} ${version}).`, { version });
  }
}

/**
 * What a rollback does: the live release is withdrawn and the release live before it (the newest
 * earlier one not rolled back, of another version) is live again. No live release, or none before
 * it, is a conflict that says so: the registry never guesses a version.
 */
export function rollbackOf(remoteFolder: string, releases: readonly ReleaseEntry[]): { withdrawn: ReleaseEntry; restored: ReleaseEntry } {
  const withdrawn = liveRelease(releases);
  if (!withdrawn) throw new ServiceError(ErrorCode.Conflict, `${remoteFolder} has no release to roll back.`);
  const restored = releases.findLast((release) => release.id < withdrawn.id && release.rolledBackAt === null && release.version !== withdrawn.version);
  if (!restored) {
    throw new ServiceError(ErrorCode.Conflict, `${remoteFolder} has no earlier release to roll back to: ${withdrawn.version} is its first. Release another version instead.`, { live: withdrawn.version });
  }
  return { withdrawn, restored };
}
