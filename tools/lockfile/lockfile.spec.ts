import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findMissingOptionals, flagsFor, placeFor, runtimeClosure, sortPackages, type LockFile } from './lockfile.ts';

const packages = {
  '': { dependencies: { a: '1' } },
  'node_modules/a': { version: '1.0.0', dependencies: { b: '1' }, optionalDependencies: { 'a-linux': '1.0.0', 'a-darwin': '1.0.0' }, peerDependencies: { c: '*', d: '*' } },
  'node_modules/a-linux': { version: '1.0.0', optional: true, dev: true },
  'node_modules/b': { version: '1.0.0', dependencies: { e: '2' } },
  'node_modules/b/node_modules/e': { version: '2.0.0' },
  'node_modules/c': { version: '1.0.0' },
  'node_modules/e': { version: '1.0.0' },
  'node_modules/unrelated': { version: '1.0.0' },
};

describe('the lock file helpers', () => {
  it('finds optional dependencies the lock lacks, with where a new entry goes and its flags', () => {
    const lock = { name: 'x', lockfileVersion: 3, packages } as LockFile;
    expect(findMissingOptionals(lock)).toEqual([{ parent: 'node_modules/a', name: 'a-darwin', spec: '1.0.0' }]);
    expect(placeFor(packages, 'node_modules/a', 'a-darwin')).toBe('node_modules/a-darwin');
    expect(placeFor(packages, 'node_modules/a', 'b')).toBe('node_modules/a/node_modules/b');
    // The flags of the sibling npm did lock (this one's parent is a dev dependency).
    expect(flagsFor(packages, 'node_modules/a')).toEqual({ optional: true, dev: true });
  });

  it('sorts locations as npm writes them: the root first', () => {
    expect(Object.keys(sortPackages({ 'node_modules/b': {}, '': {}, 'node_modules/a': {} }))).toEqual(['', 'node_modules/a', 'node_modules/b']);
  });

  it('takes a package with what it loads: dependencies where Node finds them, optional and peer ones that are installed', () => {
    expect(runtimeClosure(packages, ['a'])).toEqual(['node_modules/a', 'node_modules/a-linux', 'node_modules/b', 'node_modules/b/node_modules/e', 'node_modules/c']);
    expect(() => runtimeClosure(packages, ['missing'])).toThrow('missing (needed by the root) is not in the lock');
  });

  it('finds the dev identity provider\'s dependencies in the real lock (the image\'s tools stage copies them)', () => {
    const lock = JSON.parse(readFileSync(join(import.meta.dirname, '../../package-lock.json'), 'utf8')) as LockFile;
    const closure = runtimeClosure(lock.packages, ['oidc-provider']);
    expect(closure).toContain('node_modules/oidc-provider');
    expect(closure.some((location) => location.endsWith('node_modules/koa'))).toBe(true);
  });
});
