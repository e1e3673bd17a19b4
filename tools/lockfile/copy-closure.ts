/**
 * `node tools/lockfile/copy-closure.ts <workspace> <target> <package>...`: copies the named packages
 * and everything they load at run time (runtimeClosure), at the versions package-lock.json installed,
 * from <workspace>/node_modules into <target>/node_modules. The image's `tools` stage uses it so the
 * development stand-ins get their few dependencies without the whole development install.
 */
import { cpSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { runtimeClosure, type LockFile } from './lockfile.ts';

const [workspace, target, ...names] = process.argv.slice(2);
if (!workspace || !target || names.length === 0) {
  console.error('usage: node tools/lockfile/copy-closure.ts <workspace> <target> <package>...');
  process.exit(2);
}
const lock = JSON.parse(readFileSync(join(workspace, 'package-lock.json'), 'utf8')) as LockFile;
const locations = runtimeClosure(lock.packages, names);
for (const location of locations) {
  const source = join(workspace, location);
  // Nested node_modules are locations of their own, copied only when the closure holds them.
  cpSync(source, join(target, location), { recursive: true, filter: (path) => !path.startsWith(join(source, 'node_modules') + sep) && path !== join(source, 'node_modules') });
}
console.log(`copied ${locations.length} packages for ${names.join(', ')}`);
