/**
 * Reading package-lock.json the way npm resolves it, to find the optional platform binaries npm
 * left out. npm writes an optional dependency into the lock only when the registry it used could
 * resolve it; this machine's registry lacks some other platforms' binaries of some versions (e.g.
 * `@swc/core-darwin-arm64@1.16.22`), so `npm install` here drops them silently and `npm ci`, which
 * wants every edge of the tree in the lock, then refuses the lock ("Missing: … from lock file").
 */

export interface LockEntry {
  version?: string;
  integrity?: string;
  resolved?: string;
  link?: boolean;
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  peer?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  license?: string;
  engines?: Record<string, string>;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  [field: string]: unknown;
}

export interface LockFile {
  name: string;
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
  [field: string]: unknown;
}

export interface MissingOptional {
  /** The lock location of the package that declares the optional dependency. */
  parent: string;
  name: string;
  spec: string;
}

/** The folder a lock location's own `node_modules` lookups climb to next ('' is the root). */
function parentFolder(folder: string): string | null {
  if (folder === '') return null;
  const nested = folder.lastIndexOf('/node_modules/');
  if (nested >= 0) return folder.slice(0, nested);
  if (folder.startsWith('node_modules/')) return '';
  const slash = folder.lastIndexOf('/');
  return slash >= 0 ? folder.slice(0, slash) : '';
}

/** Where Node (and npm) finds `name` from the package at `location`, or null. */
export function resolveInLock(packages: Record<string, LockEntry>, location: string, name: string): string | null {
  for (let folder: string | null = location; folder !== null; folder = parentFolder(folder)) {
    const candidate = folder === '' ? `node_modules/${name}` : `${folder}/node_modules/${name}`;
    if (packages[candidate]) return candidate;
  }
  return null;
}

/** Every optional dependency some locked package declares that the lock does not hold. */
export function findMissingOptionals(lock: LockFile): MissingOptional[] {
  const missing: MissingOptional[] = [];
  for (const [parent, entry] of Object.entries(lock.packages)) {
    for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
      if (!resolveInLock(lock.packages, parent, name)) missing.push({ parent, name, spec });
    }
  }
  return missing;
}

/** Where a new entry for `name` goes: hoisted to the root when that place is free, else beside its parent. */
export function placeFor(packages: Record<string, LockEntry>, parent: string, name: string): string {
  const hoisted = `node_modules/${name}`;
  if (!packages[hoisted]) return hoisted;
  return parent === '' ? hoisted : `${parent}/node_modules/${name}`;
}

/** The dependency flags a new optional entry of `parent` takes: those of a sibling npm did lock, else the parent's. */
export function flagsFor(packages: Record<string, LockEntry>, parent: string): Pick<LockEntry, 'dev' | 'optional' | 'devOptional' | 'peer'> {
  const parentEntry = packages[parent];
  for (const sibling of Object.keys(parentEntry.optionalDependencies ?? {})) {
    const found = resolveInLock(packages, parent, sibling);
    if (!found) continue;
    const { dev, optional, devOptional, peer } = packages[found];
    return Object.fromEntries(Object.entries({ dev, optional, devOptional, peer }).filter(([, value]) => value !== undefined));
  }
  return parentEntry.dev ? { dev: true, optional: true } : { optional: true };
}

/** npm's own order of lock locations (the root first, then `localeCompare` in English). */
export function sortPackages(packages: Record<string, LockEntry>): Record<string, LockEntry> {
  const locations = Object.keys(packages).sort((a, b) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en')));
  return Object.fromEntries(locations.map((location) => [location, packages[location]]));
}

/**
 * The lock locations `names` need at run time: each package as the root resolves it, then its
 * dependencies, the optional ones it has here and the peers that are installed, as Node resolves
 * them from where it sits. Throws when a required dependency is not in the lock.
 */
export function runtimeClosure(packages: Record<string, LockEntry & { peerDependencies?: Record<string, string> }>, names: string[]): string[] {
  const found = new Set<string>();
  const pending: [from: string, name: string, required: boolean][] = names.map((name) => ['', name, true]);
  while (pending.length) {
    const [from, name, required] = pending.pop()!;
    const location = resolveInLock(packages, from, name);
    if (!location) {
      if (required) throw new Error(`${name} (needed by ${from || 'the root'}) is not in the lock`);
      continue;
    }
    if (found.has(location)) continue;
    found.add(location);
    const entry = packages[location];
    for (const dependency of Object.keys(entry.dependencies ?? {})) pending.push([location, dependency, true]);
    for (const dependency of Object.keys(entry.optionalDependencies ?? {})) pending.push([location, dependency, false]);
    for (const dependency of Object.keys(entry.peerDependencies ?? {})) pending.push([location, dependency, false]);
  }
  return [...found].sort();
}
