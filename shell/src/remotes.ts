import { registerPlugins, registerRemotes, loadRemote, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { REMOTE_MANIFEST_PATH, REMOTE_NAMES, type RemoteManifest, type RemoteName } from '@lipcast/contracts';
import type { ComponentType } from 'react';
import { findSharedSkew, IncompatibleRemoteError, shellSharedVersions } from './shared-skew';

let locations: Partial<RemoteManifest> = {};

/** Each remote's mf-manifest.json, by its absolute URL, as fetched for the shared-version check. */
const federationManifests = new Map<string, Promise<unknown>>();

/** The runtime resolves a remote's entry against the page's origin, and asks for it by that URL. */
const absoluteUrl = (url: string) => (typeof location === 'undefined' ? url : new URL(url, location.origin).href);

/**
 * Hands the federation runtime the manifest the shell already fetched and checked, so each manifest
 * is fetched once per load (the runtime would otherwise fetch it again with the same `fetch(url)`).
 */
export const checkedManifestPlugin: ModuleFederationRuntimePlugin = {
  name: 'lipcast-checked-manifests',
  fetch(url) {
    const manifest = federationManifests.get(absoluteUrl(url));
    if (!manifest) return undefined;
    return manifest.then((json) => new Response(JSON.stringify(json), { headers: { 'Content-Type': 'application/json' } }));
  },
};

/** Where each remote lives now: set per deployment, and per release (`npm run remote -- release`). */
async function fetchLocations(): Promise<Partial<RemoteManifest>> {
  const response = await fetch(REMOTE_MANIFEST_PATH, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${REMOTE_MANIFEST_PATH} answered ${response.status}`);
  return parseManifest(await response.json());
}

/** Reads where each remote lives and registers them with the federation runtime. */
export async function registerRemotesFromServer(): Promise<void> {
  try {
    locations = await fetchLocations();
  } catch (error) {
    // The shell still renders; each remote route then shows its own contained error.
    console.warn('Remote locations could not be loaded:', error);
    locations = {};
  }
  // Manifests kept from remotes registered before belong to the locations read before.
  federationManifests.clear();
  registerPlugins([checkedManifestPlugin]);
  registerRemotes(Object.entries(locations).map(([name, entry]) => ({ name, entry })));
}

export function parseManifest(value: unknown): Partial<RemoteManifest> {
  if (typeof value !== 'object' || value === null) return {};
  const entries = Object.entries(value).filter(
    (entry): entry is [RemoteName, string] => REMOTE_NAMES.includes(entry[0] as RemoteName) && typeof entry[1] === 'string',
  );
  return Object.fromEntries(entries);
}

/** A remote's mf-manifest.json, fetched once and kept (a failed fetch is not kept); `fresh` fetches it anew. */
function fetchFederationManifest(entry: string, fresh: boolean): Promise<unknown> {
  const url = absoluteUrl(entry);
  const kept = federationManifests.get(url);
  if (kept && !fresh) return kept;
  const manifest = fetch(url).then((response) => {
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return response.json() as Promise<unknown>;
  });
  federationManifests.set(url, manifest);
  manifest.catch(() => {
    if (federationManifests.get(url) === manifest) federationManifests.delete(url);
  });
  return manifest;
}

/**
 * Loads a remote's exposed page. The remote's manifest is read first: a remote that needs other
 * versions of the shared singletons than the shell provides is refused (IncompatibleRemoteError)
 * before any of its code runs. With `fresh` (Retry), where the remote lives is read again (a broken
 * release may have been rolled back since the page loaded) and the remote is registered again, so
 * its manifest and code are fetched anew instead of reusing the failed attempt.
 */
export async function loadRemotePage(remote: RemoteName, module: string, fresh: boolean): Promise<{ default: ComponentType }> {
  if (fresh) {
    // Without an answer the location read at page load stays, as before.
    const current = await fetchLocations().catch(() => undefined);
    if (current?.[remote]) locations = { ...locations, [remote]: current[remote] };
  }
  const entry = locations[remote];
  if (!entry) throw new Error(`No location is known for ${remote}`);
  if (fresh) registerRemotes([{ name: remote, entry }], { force: true });
  const skews = findSharedSkew(await fetchFederationManifest(entry, fresh), shellSharedVersions());
  if (skews.length > 0) throw new IncompatibleRemoteError(remote, skews);
  const loaded = await loadRemote<{ default: ComponentType }>(`${remote}/${module.replace(/^\.\//, '')}`);
  if (!loaded?.default) throw new Error(`${remote} did not provide ${module}`);
  return loaded;
}
