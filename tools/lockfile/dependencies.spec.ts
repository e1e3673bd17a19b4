/**
 * The root package.json sorts dependencies by what runs in production: `dependencies` is exactly
 * what the gateway and the services load at run time (the image installs only those), everything
 * else (build tools, the front end's libraries, which webpack bundles, the dev servers and
 * stand-ins, test tools) is a devDependency. And package-lock.json holds every optional dependency,
 * so `npm ci` accepts it on any platform.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { findMissingOptionals, resolveInLock, type LockFile } from './lockfile.ts';

const root = join(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Source folders of the processes the image runs (gateway, services, their libraries). */
const PRODUCTION_SOURCES = ['gateway/src', 'libs/contracts/src', 'libs/nest-kit/src', 'libs/media-tools/src', 'libs/media-engine/src', ...readdirSync(join(root, 'services')).map((name) => `services/${name}/src`)];

/**
 * Loaded at run time without an import of ours: NestFactory loads its HTTP adapter by package name,
 * and `@vladmandic/human`'s Node WASM build requires TensorFlow.js' core and converter without
 * declaring them.
 */
const LOADED_BY_OTHER_PACKAGES = ['@nestjs/platform-express', '@tensorflow/tfjs-core', '@tensorflow/tfjs-converter'];

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.(int-)?spec\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

const MODULE_REFERENCES = [
  /\bimport\s+(?!type\b)[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bexport\s+(?!type\b)[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\b(?:require|require\.resolve|import)\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`; relative paths and Node built-ins → null. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Package → the production files that load it at run time (type-only imports left out). */
function runtimeImports(): Map<string, string[]> {
  const uses = new Map<string, string[]>();
  for (const file of PRODUCTION_SOURCES.flatMap(sourceFiles)) {
    const source = readFileSync(file, 'utf8');
    for (const pattern of MODULE_REFERENCES) {
      for (const [, specifier] of source.matchAll(pattern)) {
        const name = packageOf(specifier);
        if (!name || name.startsWith('@lipcast/')) continue;
        uses.set(name, [...(uses.get(name) ?? []), relative(root, file)]);
      }
    }
  }
  return uses;
}

describe('dependencies sorted by what runs in production', () => {
  const imports = runtimeImports();

  it('declares every package a production process loads in `dependencies`', () => {
    const undeclared = [...imports.entries()]
      .filter(([name]) => !(name in pkg.dependencies))
      .map(([name, files]) => `${name} (${pkg.devDependencies[name] ? 'a devDependency' : 'undeclared'}; loaded by ${files[0]})`);
    expect(undeclared).toEqual([]);
  });

  it('has nothing in `dependencies` that no production process loads (dev servers, front-end libraries, unused)', () => {
    const unused = Object.keys(pkg.dependencies).filter((name) => !imports.has(name) && !LOADED_BY_OTHER_PACKAGES.includes(name));
    expect(unused).toEqual([]);
  });

  it('keeps the dev-only servers and stand-ins out of `dependencies`', () => {
    for (const devServer of ['oidc-provider', 's3rver']) expect(pkg.dependencies).not.toHaveProperty(devServer);
  });
});

describe('package-lock.json', () => {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as LockFile;

  it('holds every optional dependency of every locked package (else `npm ci` refuses it: run tools/lockfile/complete-lock.ts)', () => {
    expect(findMissingOptionals(lock).map(({ parent, name, spec }) => `${name}@${spec} (optional dependency of ${parent || 'the root'})`)).toEqual([]);
  });

  it('agrees with package.json on the root dependencies', () => {
    const locked = lock.packages[''];
    expect(locked.dependencies ?? {}).toEqual(pkg.dependencies);
    expect(locked.devDependencies ?? {}).toEqual(pkg.devDependencies);
  });

  it('resolves packages the way Node does, from nested folders up to the root', () => {
    const packages = {
      '': {},
      'node_modules/a': { version: '1.0.0' },
      'node_modules/b': { version: '1.0.0' },
      'node_modules/b/node_modules/a': { version: '2.0.0' },
      gateway: {},
    };
    expect(resolveInLock(packages, 'node_modules/b', 'a')).toBe('node_modules/b/node_modules/a');
    expect(resolveInLock(packages, 'node_modules/b/node_modules/a', 'b')).toBe('node_modules/b');
    expect(resolveInLock(packages, 'gateway', 'a')).toBe('node_modules/a');
    expect(resolveInLock(packages, '', 'c')).toBeNull();
  });
});
