import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const { dependenciesAreCurrent } = require('./installed.cjs') as { dependenciesAreCurrent: (root: string) => boolean };

type Packages = Record<string, { version?: string; optional?: boolean }>;

describe('dependenciesAreCurrent (when tools/bootstrap.cjs runs npm ci)', () => {
  let root: string;
  const lock: Packages = {
    '': {},
    'node_modules/a': { version: '1.0.0' },
    'node_modules/b-linux-x64': { version: '2.0.0', optional: true },
    'node_modules/b-darwin-arm64': { version: '2.0.0', optional: true },
  };
  const write = (file: string, packages: Packages) => {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), JSON.stringify({ name: 'x', lockfileVersion: 3, packages }));
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'lipcast-installed-'));
    write('package-lock.json', lock);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('is current when npm installed the lock, other platforms\' optional binaries skipped', () => {
    write('node_modules/.package-lock.json', { 'node_modules/a': { version: '1.0.0' }, 'node_modules/b-linux-x64': { version: '2.0.0' } });
    expect(dependenciesAreCurrent(root)).toBe(true);
  });

  it('is stale without node_modules, with a package missing, at another version, or one the lock no longer has', () => {
    expect(dependenciesAreCurrent(root)).toBe(false);
    write('node_modules/.package-lock.json', { 'node_modules/b-linux-x64': { version: '2.0.0' } });
    expect(dependenciesAreCurrent(root)).toBe(false);
    write('node_modules/.package-lock.json', { 'node_modules/a': { version: '1.0.1' } });
    expect(dependenciesAreCurrent(root)).toBe(false);
    write('node_modules/.package-lock.json', { 'node_modules/a': { version: '1.0.0' }, 'node_modules/gone': { version: '1.0.0' } });
    expect(dependenciesAreCurrent(root)).toBe(false);
  });

  it('matches this checkout after its own install', () => {
    expect(dependenciesAreCurrent(join(import.meta.dirname, '../..'))).toBe(true);
  });
});
