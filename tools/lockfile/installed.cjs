// Whether node_modules holds what package-lock.json says. CommonJS on purpose: tools/bootstrap.cjs,
// which must run on any Node version, uses it before dependencies (and Node 24) are installed.
'use strict';
const { readFileSync } = require('node:fs');
const path = require('node:path');

/** The `packages` of a lock file, or null when it is missing or unreadable. */
function lockedPackages(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8')).packages;
  } catch {
    return null;
  }
}

/**
 * node_modules matches package-lock.json when npm's record of what it installed
 * (node_modules/.package-lock.json) holds the same versions: nothing missing but optional packages
 * (other platforms' binaries, which npm skips), nothing extra. Compared by content, so a checkout
 * that only touches the lock's time stamp installs nothing.
 */
function dependenciesAreCurrent(root) {
  const locked = lockedPackages(path.join(root, 'package-lock.json'));
  const installed = lockedPackages(path.join(root, 'node_modules', '.package-lock.json'));
  if (!locked || !installed) return false;
  for (const [location, entry] of Object.entries(locked)) {
    if (location === '') continue;
    const present = installed[location];
    if (!present) {
      if (entry.optional) continue;
      return false;
    }
    if (present.version !== entry.version) return false;
  }
  return Object.keys(installed).every((location) => location in locked);
}

module.exports = { dependenciesAreCurrent };
