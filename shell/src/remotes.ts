import { registerRemotes, loadRemote } from '@module-federation/enhanced/runtime';
import { REMOTE_MANIFEST_PATH, REMOTE_NAMES, type RemoteManifest, type RemoteName } from '@lipcast/contracts';
import type { ComponentType } from 'react';

let manifest: Partial<RemoteManifest> = {};

/** Reads where each remote lives (set per deployment) and registers them with the federation runtime. */
export async function registerRemotesFromServer(): Promise<void> {
  try {
    const response = await fetch(REMOTE_MANIFEST_PATH, { cache: 'no-cache' });
    if (!response.ok) throw new Error(`${REMOTE_MANIFEST_PATH} answered ${response.status}`);
    manifest = parseManifest(await response.json());
  } catch (error) {
    // The shell still renders; each remote route then shows its own contained error.
    console.warn('Remote locations could not be loaded:', error);
    manifest = {};
  }
  registerRemotes(Object.entries(manifest).map(([name, entry]) => ({ name, entry })));
}

export function parseManifest(value: unknown): Partial<RemoteManifest> {
  if (typeof value !== 'object' || value === null) return {};
  const entries = Object.entries(value).filter(
    (entry): entry is [RemoteName, string] => REMOTE_NAMES.includes(entry[0] as RemoteName) && typeof entry[1] === 'string',
  );
  return Object.fromEntries(entries);
}

/**
 * Loads a remote's exposed page. With `fresh`, the remote is registered again first so a retry
 * fetches its code anew instead of reusing the failed attempt.
 */
export async function loadRemotePage(remote: RemoteName, module: string, fresh: boolean): Promise<{ default: ComponentType }> {
  const entry = manifest[remote];
  if (!entry) throw new Error(`No location is known for ${remote}`);
  if (fresh) registerRemotes([{ name: remote, entry }], { force: true });
  const loaded = await loadRemote<{ default: ComponentType }>(`${remote}/${module.replace(/^\.\//, '')}`);
  if (!loaded?.default) throw new Error(`${remote} did not provide ${module}`);
  return loaded;
}
