/**
 * `node tools/lockfile/complete-lock.ts`: adds to package-lock.json the other platforms' optional
 * binaries that npm left out (see lockfile.ts for why), so `npm ci` accepts the lock everywhere.
 * Run it after any `npm install` that changed the lock; `tools/lockfile/lockfile.spec.ts` fails
 * until it has been run.
 *
 * An entry whose exact version the registry serves is written as npm would write it (with its
 * integrity). One whose version the registry here lacks gets its platform fields (`os`, `cpu`,
 * `libc`) from the newest version it has, and no integrity: a machine of that platform installs the
 * version by name; on every other platform npm skips it without fetching anything.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { findMissingOptionals, flagsFor, placeFor, sortPackages, type LockEntry, type LockFile } from './lockfile.ts';

/** What `npm view --json` answers that a lock entry copies: the same fields, under the same names. */
type Manifest = Pick<LockEntry, 'os' | 'cpu' | 'libc' | 'license' | 'engines' | 'dependencies' | 'optionalDependencies'> & {
  version: string;
  dist?: { integrity?: string };
};

const root = resolve(import.meta.dirname, '../..');
const lockPath = join(root, 'package-lock.json');

function view(spec: string): Manifest | null {
  const result = spawnSync('npm', ['view', spec, '--json'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) return null;
  const parsed = JSON.parse(result.stdout) as Manifest | Manifest[];
  // A range that matches several versions answers a list; the lock wants the newest.
  return Array.isArray(parsed) ? (parsed.at(-1) ?? null) : parsed;
}

function entryFrom(manifest: Manifest, version: string, exact: boolean): LockEntry {
  const entry: LockEntry = { version };
  if (exact && manifest.dist?.integrity) entry.integrity = manifest.dist.integrity;
  if (manifest.cpu) entry.cpu = manifest.cpu;
  if (manifest.os) entry.os = manifest.os;
  if (manifest.libc) entry.libc = manifest.libc;
  if (manifest.license) entry.license = manifest.license;
  if (manifest.engines) entry.engines = manifest.engines;
  // Dependencies only when they are this very version's: another version's could be wrong.
  if (exact && manifest.dependencies) entry.dependencies = manifest.dependencies;
  if (exact && manifest.optionalDependencies) entry.optionalDependencies = manifest.optionalDependencies;
  return entry;
}

const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as LockFile;
let added = 0;
// A new entry may declare optional dependencies of its own: repeat until nothing is missing.
for (let missing = findMissingOptionals(lock); missing.length; missing = findMissingOptionals(lock)) {
  const before = added;
  for (const { parent, name, spec } of missing) {
    const location = placeFor(lock.packages, parent, name);
    if (lock.packages[location]) continue; // added for another parent in this round
    const exact = view(`${name}@${spec}`);
    const newest = exact ?? view(name);
    if (!newest) throw new Error(`The registry knows no package ${name} (optional dependency of ${parent || 'the root'})`);
    if (!exact && !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) {
      throw new Error(`${name}@${spec} is not in the registry and is not an exact version: pin it or install on a platform that has it`);
    }
    const version = exact ? exact.version : spec;
    lock.packages[location] = { ...entryFrom(newest, version, exact !== null), ...flagsFor(lock.packages, parent) };
    console.log(`${location}@${version}${exact ? '' : ` (not in this registry; platform fields from ${newest.version})`}`);
    added += 1;
  }
  if (added === before) throw new Error('Could not place the missing optional dependencies');
}
lock.packages = sortPackages(lock.packages);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added ? `Added ${added} optional platform packages to package-lock.json.` : 'package-lock.json already holds every optional dependency.');
