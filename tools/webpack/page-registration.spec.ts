/**
 * A page is registered in three places that nothing else ties together: the route table
 * (libs/contracts/src/routes.ts names the remote and the module that renders each path), the
 * remote's webpack.config.cjs (`exposes` publishes the module to the shell) and its bootstrap.tsx
 * (the dev host that runs the remote alone). This test fails when they disagree for any remote.
 */
import path from 'node:path';
import type { ComponentType } from 'react';
import { LANDING, REMOTE_FOLDERS, REMOTE_NAMES, ROUTES, type RemoteName } from '@lipcast/contracts';

/** Modules a remote exposes that are not pages, each with the reason it is exposed. */
const NON_PAGE_EXPOSES: Record<RemoteName, Record<string, string>> = {
  mfe_wizard: {},
  mfe_influencer: {},
  mfe_billing: {
    './Paywall': 'the shell mounts the paywall once, for every page',
    './UpgradePanel': "the wizard shows it when the user's generations are spent",
  },
  mfe_content: { './NewsletterForm': 'for pages of other remotes' },
  mfe_admin: {},
};

/** Dev-host paths whose page is wrapped for running without the shell, each with the reason. */
const WRAPPED_IN_DEV_HOST: Partial<Record<RemoteName, Record<string, string>>> = {
  mfe_billing: { '/test-payment-wall': 'the shell mounts the paywall; alone, the test page brings its own' },
};

const root = path.resolve(__dirname, '../..');

// (Modules are loaded with jest.requireActual: the mocks below still apply to what they import.)
// Reading a remote's webpack.config.cjs yields the options it gives createConfig; no webpack runs.
jest.mock('./create-config.cjs', () => ({ createConfig: (options: unknown) => options }));
// Loading a remote's bootstrap.tsx hands its dev host's pages to this stand-in instead of rendering them.
const devHosts = new Map<string, Record<string, ComponentType>>();
jest.mock('@lipcast/ui', () => ({
  ...jest.requireActual<object>('@lipcast/ui'),
  renderDevHost: (name: string, pages: Record<string, ComponentType>) => devHosts.set(name, pages),
}));

/** The paths each remote renders and the module that renders each one (the landing page at `/` included). */
function routesOf(remote: RemoteName): Map<string, string> {
  const routes = new Map<string, string>();
  for (const route of ROUTES) {
    if ('remote' in route.owner && route.owner.remote === remote) routes.set(route.path, route.owner.module);
  }
  if (LANDING.remote === remote) routes.set('/', LANDING.module);
  return routes;
}

function exposesOf(remote: RemoteName): Record<string, string> {
  return jest.requireActual<{ exposes: Record<string, string> }>(path.join(root, REMOTE_FOLDERS[remote], 'webpack.config.cjs')).exposes;
}

function devHostOf(remote: RemoteName): Record<string, ComponentType> {
  const folder = REMOTE_FOLDERS[remote];
  jest.requireActual(path.join(root, folder, 'src/bootstrap.tsx'));
  const pages = devHosts.get(folder);
  if (!pages) throw new Error(`${folder}/src/bootstrap.tsx did not call renderDevHost('${folder}', ...)`);
  return pages;
}

describe.each(REMOTE_NAMES)('the pages of %s', (remote) => {
  const routes = routesOf(remote);
  const pageModules = new Set(routes.values());

  it('exposes the module of every route it owns, and otherwise only its documented non-page modules', () => {
    const exposed = Object.keys(exposesOf(remote));
    expect(exposed.filter((module) => !pageModules.has(module)).sort()).toEqual(Object.keys(NON_PAGE_EXPOSES[remote]).sort());
    expect([...pageModules].filter((module) => !exposed.includes(module))).toEqual([]);
  });

  it('runs every one of its pages in its dev host, at paths the route table gives that page', () => {
    const devHost = devHostOf(remote);
    const unknownPaths = Object.keys(devHost).filter((devPath) => !routes.has(devPath));
    expect(unknownPaths).toEqual([]);
    const shown = new Set(Object.keys(devHost).map((devPath) => routes.get(devPath)));
    expect([...pageModules].filter((module) => !shown.has(module))).toEqual([]);
  });

  it('shows at each dev-host path the component its exposed module exports (or that page wrapped for running alone)', () => {
    const exposes = exposesOf(remote);
    const wrapped = WRAPPED_IN_DEV_HOST[remote] ?? {};
    const mismatched = Object.entries(devHostOf(remote)).filter(([devPath, component]) => {
      const module = routes.get(devPath);
      // A path outside the route table or a module not exposed is reported by the tests above.
      const file = module === undefined ? undefined : exposes[module];
      if (file === undefined) return false;
      const exported = jest.requireActual<{ default: ComponentType }>(path.join(root, REMOTE_FOLDERS[remote], file)).default;
      return component !== exported && !(devPath in wrapped);
    });
    expect(mismatched.map(([devPath]) => devPath)).toEqual([]);
  });
});
