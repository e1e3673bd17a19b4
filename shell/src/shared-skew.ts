import { satisfy } from '@module-federation/enhanced/runtime';

/**
 * Shared-dependency skew. React, the router, the query client and web-kit are singletons: with
 * `shareStrategy: 'loaded-first'` the shell's copies, loaded first, are the ones every remote uses.
 * A remote built against a version range the shell's copy is outside would run on a React (or a
 * web-kit) it was not built for, and the federation runtime only warns about it; so before loading a
 * remote the shell reads the ranges in its mf-manifest.json and refuses it when one does not fit.
 */

/** Version of each shared singleton the shell provides, written by the web build (tools/webpack/create-config.cjs). */
declare const __LIPCAST_SHARED_VERSIONS__: Record<string, string> | undefined;

/** What the shell's own copies are: empty in tests and the prerender, which are not built with them. */
export function shellSharedVersions(): Readonly<Record<string, string>> {
  return typeof __LIPCAST_SHARED_VERSIONS__ === 'object' && __LIPCAST_SHARED_VERSIONS__ ? __LIPCAST_SHARED_VERSIONS__ : {};
}

/** One shared singleton whose provided version a remote does not accept. */
export interface SharedSkew {
  name: string;
  requiredVersion: string;
  providedVersion: string;
}

/** A remote refused because it needs other versions of shared singletons than the shell provides. */
export class IncompatibleRemoteError extends Error {
  override name = 'IncompatibleRemoteError';

  constructor(
    readonly remote: string,
    readonly skews: readonly SharedSkew[],
  ) {
    const details = skews.map((skew) => `${skew.name} ${skew.requiredVersion} (the shell provides ${skew.providedVersion})`).join(', ');
    super(`${remote} was not loaded: it needs ${details}`);
  }
}

/** A manifest that cannot be read as a federation manifest, so its requirements are unknown. */
export class UnreadableManifestError extends Error {
  override name = 'UnreadableManifestError';
}

/**
 * Whether `version` is inside `range`. The federation runtime's own range matcher (`satisfy`: `^`, `~`,
 * exact, comparators, `||`, x-ranges, hyphen ranges), so the shell judges ranges exactly as the
 * runtime does when it picks a shared copy. No range (`false`, empty, `*`) accepts any version.
 */
export function versionSatisfies(version: string, range: string | false | undefined): boolean {
  if (range === false || range === undefined || range.trim() === '' || range.trim() === '*') return true;
  return satisfy(version, range);
}

interface ManifestShared {
  name: string;
  singleton?: boolean;
  requiredVersion?: string | false;
}

function isManifestShared(value: unknown): value is ManifestShared {
  if (typeof value !== 'object' || value === null) return false;
  const { name, singleton, requiredVersion } = value as Record<string, unknown>;
  return (
    typeof name === 'string' &&
    (singleton === undefined || typeof singleton === 'boolean') &&
    (requiredVersion === undefined || requiredVersion === false || typeof requiredVersion === 'string')
  );
}

/**
 * The shared singletons a remote's manifest (`mf-manifest.json`) requires in a range the shell's
 * copy is outside; none when the remote fits. Modules the shell does not provide, or that the remote
 * does not share as singletons, are the remote's own business.
 */
export function findSharedSkew(manifest: unknown, provided: Readonly<Record<string, string>>): SharedSkew[] {
  const shared = typeof manifest === 'object' && manifest !== null ? (manifest as { shared?: unknown }).shared : undefined;
  if (!Array.isArray(shared)) throw new UnreadableManifestError('The remote manifest has no list of shared modules');
  const invalid = shared.find((entry) => !isManifestShared(entry));
  if (invalid !== undefined) throw new UnreadableManifestError(`The remote manifest lists a shared module it does not describe: ${JSON.stringify(invalid)}`);
  return (shared as ManifestShared[]).flatMap(({ name, singleton, requiredVersion }) => {
    const providedVersion = provided[name];
    if (!singleton || providedVersion === undefined || versionSatisfies(providedVersion, requiredVersion)) return [];
    return [{ name, requiredVersion: requiredVersion as string, providedVersion }];
  });
}
