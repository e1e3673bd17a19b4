import { findSharedSkew, IncompatibleRemoteError, shellSharedVersions, UnreadableManifestError, versionSatisfies } from './shared-skew';
import { fixtureManifest, manifestSharedEntry, SHELL_SHARED_VERSIONS } from './testing/federation-manifests';

describe(versionSatisfies.name, () => {
  it.each([
    ['19.3.1', '^19.3.1'],
    ['19.4.0', '^19.3.1'],
    ['0.1.7', '^0.1.0'],
    ['19.3.4', '~19.3.1'],
    ['19.3.1', '19.3.1'],
    ['19.3.1', '>=18.0.0'],
    ['19.3.1', '^17.0.0 || ^19.0.0'],
    ['19.3.1', '>=19.0.0 <20.0.0'],
  ])('accepts %s in %s', (version, range) => {
    expect(versionSatisfies(version, range)).toBe(true);
  });

  it.each([
    ['19.3.1', '^17.0.0'],
    ['19.3.0', '^19.3.1'],
    ['20.0.0', '^19.3.1'],
    ['0.2.0', '^0.1.0'],
    ['19.4.0', '~19.3.1'],
    ['19.3.2', '19.3.1'],
    ['17.0.2', '>=18.0.0'],
    ['18.3.1', '^17.0.0 || ^19.0.0'],
    ['20.0.0', '>=19.0.0 <20.0.0'],
    ['19.3.1', 'not a range'],
  ])('refuses %s for %s', (version, range) => {
    expect(versionSatisfies(version, range)).toBe(false);
  });

  it('takes a remote that states no range as accepting any version', () => {
    expect(versionSatisfies('19.3.1', false)).toBe(true);
    expect(versionSatisfies('19.3.1', undefined)).toBe(true);
    expect(versionSatisfies('19.3.1', '')).toBe(true);
    expect(versionSatisfies('19.3.1', '*')).toBe(true);
  });
});

describe(findSharedSkew.name, () => {
  it('finds nothing wrong with a remote built against the shell’s versions', () => {
    expect(findSharedSkew(fixtureManifest(), SHELL_SHARED_VERSIONS)).toEqual([]);
  });

  it('accepts a remote built against an older minor of React', () => {
    expect(findSharedSkew(fixtureManifest({ react: '^19.0.0', 'react-dom': '^19.0.0' }), SHELL_SHARED_VERSIONS)).toEqual([]);
  });

  it('names React when the remote needs another major of it', () => {
    const sut = findSharedSkew(fixtureManifest({ react: '^17.0.0' }), SHELL_SHARED_VERSIONS);

    expect(sut).toEqual([{ name: 'react', requiredVersion: '^17.0.0', providedVersion: '19.3.1' }]);
  });

  it('names web-kit when the remote was built against a later web-kit', () => {
    const sut = findSharedSkew(fixtureManifest({ '@lipcast/web-kit': '^0.2.0' }), SHELL_SHARED_VERSIONS);

    expect(sut).toEqual([{ name: '@lipcast/web-kit', requiredVersion: '^0.2.0', providedVersion: '0.1.0' }]);
  });

  it('lists every singleton out of range', () => {
    const sut = findSharedSkew(fixtureManifest({ react: '^18.2.0', 'react-dom': '^18.2.0' }), SHELL_SHARED_VERSIONS);

    expect(sut.map((skew) => skew.name)).toEqual(['react', 'react-dom']);
  });

  it('leaves alone what the remote does not share as a singleton or the shell does not provide', () => {
    const manifest = { ...fixtureManifest(), shared: [manifestSharedEntry('react', '^17.0.0', false), manifestSharedEntry('lodash', '^3.0.0')] };

    expect(findSharedSkew(manifest, SHELL_SHARED_VERSIONS)).toEqual([]);
  });

  it('accepts a singleton the remote shares without a range', () => {
    expect(findSharedSkew(fixtureManifest({ '@lipcast/web-kit': false }), SHELL_SHARED_VERSIONS)).toEqual([]);
  });

  it.each([
    ['not an object', 'mfe_wizard'],
    ['null', null],
    ['without a shared list', { ...fixtureManifest(), shared: undefined }],
    ['with a shared list that is not a list', { ...fixtureManifest(), shared: { react: '^19.3.1' } }],
    ['with a shared module without a name', { ...fixtureManifest(), shared: [{ singleton: true, requiredVersion: '^19.3.1' }] }],
    ['with a range that is not a string', { ...fixtureManifest(), shared: [{ name: 'react', singleton: true, requiredVersion: 19 }] }],
  ])('cannot read a manifest %s', (_case, manifest) => {
    expect(() => findSharedSkew(manifest, SHELL_SHARED_VERSIONS)).toThrow(UnreadableManifestError);
  });
});

describe(IncompatibleRemoteError.name, () => {
  it('says for operators which package, the range needed and the version provided', () => {
    const sut = new IncompatibleRemoteError('mfe_wizard', [{ name: 'react', requiredVersion: '^17.0.0', providedVersion: '19.3.1' }]);

    expect(sut.message).toBe('mfe_wizard was not loaded: it needs react ^17.0.0 (the shell provides 19.3.1)');
    expect(sut.name).toBe('IncompatibleRemoteError');
  });
});

describe(shellSharedVersions.name, () => {
  afterEach(() => delete (globalThis as { __LIPCAST_SHARED_VERSIONS__?: unknown }).__LIPCAST_SHARED_VERSIONS__);

  it('reads the versions the web build wrote', () => {
    (globalThis as { __LIPCAST_SHARED_VERSIONS__?: unknown }).__LIPCAST_SHARED_VERSIONS__ = SHELL_SHARED_VERSIONS;

    expect(shellSharedVersions()).toEqual(SHELL_SHARED_VERSIONS);
  });

  it('has none outside the web build', () => {
    expect(shellSharedVersions()).toEqual({});
  });
});
