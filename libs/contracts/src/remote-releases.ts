/**
 * Versioned remotes (issue 21, item 3): each remote build is published once as an immutable version
 * in the object store (`remoteFileKey`), and the content service's registry says which version of
 * each remote is live. The gateway's `/remotes.json` points a released remote at its live version
 * (`remoteVersionPath`); `npm run remote -- publish|release|rollback|list` is the operator's command.
 */
import { REMOTE_FOLDERS, REMOTE_NAMES, type RemoteName } from './routes';

/** A version as published: `1.4.0`, `2.0.0-rc.1`; only characters an object key and a URL path keep as they are. */
export const REMOTE_VERSION_PATTERN = /^\d{1,6}\.\d{1,6}\.\d{1,6}(?:-[0-9A-Za-z.]{1,40})?$/;
export const isRemoteVersion = (version: string) => REMOTE_VERSION_PATTERN.test(version);

/** Where the gateway serves a published version's files: `/remotes/<folder>/v/<version>/`. */
export const remoteVersionPath = (remote: RemoteName, version: string) => `/remotes/${REMOTE_FOLDERS[remote]}/v/${version}/`;
/** The manifest Module Federation loads; its chunks resolve against its URL (`publicPath: 'auto'`). */
export const REMOTE_MANIFEST_FILE = 'mf-manifest.json';

/** The remote a name means: its federation name (`mfe_wizard`) or its folder (`mfe-wizard`). */
export function remoteNamed(name: string): RemoteName | undefined {
  if ((REMOTE_NAMES as readonly string[]).includes(name)) return name as RemoteName;
  return REMOTE_NAMES.find((remote) => REMOTE_FOLDERS[remote] === name);
}

/** `content.remotes.publish.v1`: a version whose files are in the store becomes releasable; a version is published once. */
export interface RemotePublishRequest {
  remote: RemoteName;
  version: string;
  /** Who published it (the operator's name as the command knows it). */
  by: string;
}

/** `content.remotes.release.v1`: a published version becomes live. */
export interface RemoteReleaseRequest {
  remote: RemoteName;
  version: string;
  by: string;
}

/** `content.remotes.rollback.v1`: the live release is withdrawn and the one live before it is live again. */
export interface RemoteRollbackRequest {
  remote: RemoteName;
  by: string;
}

/** What a release or rollback leaves live. */
export interface RemoteLiveVersion {
  remote: RemoteName;
  version: string;
}

/** `content.remotes.live.v1` (`{}`): the live version of each released remote; a remote never released is absent. */
export type RemoteLiveVersions = Partial<Record<RemoteName, string>>;

/** `content.remotes.history.v1` (`{remote}`): its published versions and its releases, newest first. */
export interface RemoteHistoryRequest {
  remote: RemoteName;
}

export interface RemoteHistory {
  remote: RemoteName;
  live: string | null;
  versions: { version: string; publishedAt: string; publishedBy: string }[];
  releases: { version: string; releasedAt: string; releasedBy: string; rolledBackAt: string | null; rolledBackBy: string | null }[];
}
