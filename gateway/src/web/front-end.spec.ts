import { remoteManifest } from './front-end';

describe(remoteManifest.name, () => {
  it('points every remote at its folder on the gateway by default', () => {
    expect(remoteManifest({})).toEqual({
      mfe_wizard: '/remotes/mfe-wizard/mf-manifest.json',
      mfe_influencer: '/remotes/mfe-influencer/mf-manifest.json',
      mfe_billing: '/remotes/mfe-billing/mf-manifest.json',
      mfe_content: '/remotes/mfe-content/mf-manifest.json',
      mfe_admin: '/remotes/mfe-admin/mf-manifest.json',
    });
  });

  it('takes a deploy-time location for one remote without touching the others', () => {
    const manifest = remoteManifest({ mfe_billing: 'https://cdn.example/billing/v42/mf-manifest.json' });
    expect(manifest.mfe_billing).toBe('https://cdn.example/billing/v42/mf-manifest.json');
    expect(manifest.mfe_wizard).toBe('/remotes/mfe-wizard/mf-manifest.json');
  });

  it('points a released remote at its live version, unless a deploy-time location overrides it', () => {
    const manifest = remoteManifest({ mfe_billing: 'https://cdn.example/billing/mf-manifest.json' }, { mfe_wizard: '1.4.0', mfe_billing: '2.0.0' });
    expect(manifest.mfe_wizard).toBe('/remotes/mfe-wizard/v/1.4.0/mf-manifest.json');
    expect(manifest.mfe_billing).toBe('https://cdn.example/billing/mf-manifest.json');
    expect(manifest.mfe_content).toBe('/remotes/mfe-content/mf-manifest.json');
  });
});
