/** Fixture mf-manifest.json files, shaped as the remote builds write them (assets left empty). */

/** The shell's copies of the shared singletons, as the web build writes them. */
export const SHELL_SHARED_VERSIONS = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  'react-router-dom': '7.18.5',
  '@tanstack/react-query': '5.108.0',
  '@lipcast/web-kit': '0.1.0',
};

export type SharedSingletonName = keyof typeof SHELL_SHARED_VERSIONS;

const noAssets = () => ({ js: { async: [], sync: [] }, css: { async: [], sync: [] } });

/** One `shared` entry of a manifest. */
export function manifestSharedEntry(name: string, requiredVersion: string | false, singleton = true) {
  const version = typeof requiredVersion === 'string' ? requiredVersion.replace(/^[\^~]/, '') : '0.0.0';
  return { id: `mfe_wizard:${name}`, name, version, singleton, requiredVersion, assets: noAssets(), fallback: '' };
}

/** mfe_wizard's manifest sharing the five singletons at `^<shell version>`, or at the ranges given. */
export function fixtureManifest(ranges: Partial<Record<SharedSingletonName, string | false>> = {}) {
  const required: Record<string, string | false> = {
    ...Object.fromEntries(Object.entries(SHELL_SHARED_VERSIONS).map(([name, version]) => [name, `^${version}`])),
    ...ranges,
  };
  return {
    id: 'mfe_wizard',
    name: 'mfe_wizard',
    metaData: { name: 'mfe_wizard', type: 'app', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, globalName: 'mfe_wizard', publicPath: 'auto' },
    shared: Object.entries(required).map(([name, range]) => manifestSharedEntry(name, range)),
    remotes: [],
    exposes: [{ id: 'mfe_wizard:Wizard', name: 'Wizard', path: './Wizard', assets: noAssets() }],
  };
}
