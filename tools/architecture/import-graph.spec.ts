import { parseCircular, parseDependencyTree, type DependencyTree } from 'dpdm';

/**
 * The import graph of the whole house, type-only imports included: no cycle anywhere, and no file of
 * an app (the gateway, a service, a remote, the shell) imports another app's code, its tests
 * included: what apps share lives in libs/. tools/ and e2e/ sit above the apps (they start and
 * check all of them) and may import any.
 */
const SOURCES = [
  'gateway/src/**/*.ts',
  'services/*/src/**/*.ts',
  'libs/*/src/**/*.{ts,tsx}',
  'mfe-*/src/**/*.{ts,tsx}',
  'shell/src/**/*.{ts,tsx}',
  'tools/**/*.ts',
  'e2e/**/*.ts',
  'deploy/**/*.ts',
];

/** The app a file belongs to, or null for libraries, tools and tests of the whole. */
function appOf(file: string): string | null {
  const match = /^(gateway|shell|services\/[^/]+|mfe-[^/]+)\//.exec(file);
  return match ? match[1]! : null;
}

let tree: DependencyTree;

beforeAll(async () => {
  tree = await parseDependencyTree(SOURCES, { tsconfig: 'tsconfig.base.json', transform: false, skipDynamicImports: false });
}, 60_000);

it('has no import cycle, type-only imports included', () => {
  expect(parseCircular(tree).map((cycle) => cycle.join(' -> '))).toEqual([]);
});

it("has no app file importing another app's code", () => {
  const crossings: string[] = [];
  for (const [file, dependencies] of Object.entries(tree)) {
    const app = appOf(file);
    if (!app) continue;
    for (const dependency of dependencies ?? []) {
      const target = dependency.id && appOf(dependency.id);
      if (target && target !== app) crossings.push(`${file} -> ${dependency.id}`);
    }
  }
  expect(crossings).toEqual([]);
});
