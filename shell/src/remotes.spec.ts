/** @jest-environment node */
// Node, not jsdom: the runtime plugin answers with a `Response`, which jsdom lacks.
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { checkedManifestPlugin, loadRemotePage, parseManifest, registerRemotesFromServer } from './remotes';
import { IncompatibleRemoteError, UnreadableManifestError } from './shared-skew';
import { fixtureManifest, SHELL_SHARED_VERSIONS } from './testing/federation-manifests';

jest.mock('@module-federation/enhanced/runtime', () => ({
  // The real range matcher (`satisfy`); the runtime's loading is replaced.
  ...jest.requireActual('@module-federation/enhanced/runtime'),
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));
const loadRemoteMock = jest.mocked(loadRemote);
const registerRemotesMock = jest.mocked(registerRemotes);
const registerPluginsMock = jest.mocked(registerPlugins);

const BILLING_ENTRY = '/remotes/mfe-billing/mf-manifest.json';
const Pricing = () => null;

interface Reply {
  status: number;
  body?: unknown;
}

/** Stands in for fetch: answers each URL with its reply (the last one given repeats), anything else 404. */
function serve(replies: Record<string, Reply | Reply[]>): jest.Mock {
  const left = new Map(Object.entries(replies).map(([url, reply]) => [url, Array.isArray(reply) ? [...reply] : [reply]]));
  const fetchMock = jest.fn(async (url: string) => {
    const queue = left.get(url) ?? [{ status: 404 }];
    const { status, body } = queue.length > 1 ? queue.shift()! : queue[0];
    return { ok: status === 200, status, json: async () => body };
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

const callsTo = (fetchMock: jest.Mock, url: string) => fetchMock.mock.calls.filter(([called]) => called === url).length;

describe('remotes', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    (globalThis as { __LIPCAST_SHARED_VERSIONS__?: unknown }).__LIPCAST_SHARED_VERSIONS__ = SHELL_SHARED_VERSIONS;
  });
  afterEach(() => {
    jest.restoreAllMocks();
    delete (globalThis as { __LIPCAST_SHARED_VERSIONS__?: unknown }).__LIPCAST_SHARED_VERSIONS__;
  });

  describe(parseManifest.name, () => {
    it('keeps only known remotes with string locations', () => {
      const sut = parseManifest({ mfe_billing: BILLING_ENTRY, mfe_unknown: '/x.json', mfe_content: 42 });
      expect(sut).toEqual({ mfe_billing: BILLING_ENTRY });
    });

    it('reads anything that is not an object as no remotes', () => {
      expect(parseManifest(null)).toEqual({});
      expect(parseManifest('mfe_billing')).toEqual({});
    });
  });

  describe(registerRemotesFromServer.name, () => {
    it('registers every remote the server lists, and the plugin that hands the runtime checked manifests', async () => {
      const fetchMock = serve({ '/remotes.json': { status: 200, body: { mfe_billing: BILLING_ENTRY } } });

      await registerRemotesFromServer();

      expect(fetchMock.mock.calls[0][0]).toBe('/remotes.json');
      expect(registerRemotesMock).toHaveBeenCalledWith([{ name: 'mfe_billing', entry: BILLING_ENTRY }]);
      expect(registerPluginsMock).toHaveBeenCalledWith([checkedManifestPlugin]);
    });

    it('still lets the shell start when the list cannot be fetched', async () => {
      serve({ '/remotes.json': { status: 503 } });

      await expect(registerRemotesFromServer()).resolves.toBeUndefined();

      expect(registerRemotesMock).toHaveBeenCalledWith([]);
      await expect(loadRemotePage('mfe_billing', './Pricing', false)).rejects.toThrow('No location is known for mfe_billing');
    });
  });

  describe(loadRemotePage.name, () => {
    /** Registers mfe_billing, whose manifest answers with `manifest` (one reply per fetch when a list). */
    async function registerBilling(manifest: Reply | Reply[]): Promise<jest.Mock> {
      const fetchMock = serve({ '/remotes.json': { status: 200, body: { mfe_billing: BILLING_ENTRY } }, [BILLING_ENTRY]: manifest });
      await registerRemotesFromServer();
      registerRemotesMock.mockClear();
      return fetchMock;
    }

    it('checks the remote’s manifest, then loads the exposed module by its federation id', async () => {
      const fetchMock = await registerBilling({ status: 200, body: fixtureManifest() });
      loadRemoteMock.mockResolvedValueOnce({ default: Pricing });

      const sut = await loadRemotePage('mfe_billing', './Pricing', false);

      expect(sut.default).toBe(Pricing);
      expect(callsTo(fetchMock, BILLING_ENTRY)).toBe(1);
      expect(loadRemoteMock).toHaveBeenCalledWith('mfe_billing/Pricing');
      expect(registerRemotesMock).not.toHaveBeenCalled();
    });

    it('refuses a remote that needs another major of React, before any of its code loads', async () => {
      await registerBilling({ status: 200, body: fixtureManifest({ react: '^17.0.0' }) });

      const sut = loadRemotePage('mfe_billing', './Pricing', false);

      await expect(sut).rejects.toThrow(IncompatibleRemoteError);
      await expect(sut).rejects.toMatchObject({ remote: 'mfe_billing', skews: [{ name: 'react', requiredVersion: '^17.0.0', providedVersion: '19.3.1' }] });
      expect(loadRemoteMock).not.toHaveBeenCalled();
    });

    it('refuses a remote built against a web-kit the shell does not have', async () => {
      await registerBilling({ status: 200, body: fixtureManifest({ '@lipcast/web-kit': '^0.2.0' }) });

      await expect(loadRemotePage('mfe_billing', './Pricing', false)).rejects.toMatchObject({
        skews: [{ name: '@lipcast/web-kit', requiredVersion: '^0.2.0', providedVersion: '0.1.0' }],
      });
      expect(loadRemoteMock).not.toHaveBeenCalled();
    });

    it('refuses a remote whose manifest cannot be read', async () => {
      await registerBilling({ status: 200, body: { name: 'mfe_billing', shared: 'react' } });

      await expect(loadRemotePage('mfe_billing', './Pricing', false)).rejects.toThrow(UnreadableManifestError);
      expect(loadRemoteMock).not.toHaveBeenCalled();
    });

    it('fails when the manifest cannot be fetched, and fetches it again on the next load', async () => {
      const fetchMock = await registerBilling([{ status: 502 }, { status: 200, body: fixtureManifest() }]);
      loadRemoteMock.mockResolvedValue({ default: Pricing });

      await expect(loadRemotePage('mfe_billing', './Pricing', false)).rejects.toThrow(`${BILLING_ENTRY} answered 502`);
      await expect(loadRemotePage('mfe_billing', './Pricing', false)).resolves.toEqual({ default: Pricing });

      expect(callsTo(fetchMock, BILLING_ENTRY)).toBe(2);
    });

    it('keeps a fetched manifest for later loads of the same remote', async () => {
      const fetchMock = await registerBilling({ status: 200, body: fixtureManifest() });
      loadRemoteMock.mockResolvedValue({ default: Pricing });

      await loadRemotePage('mfe_billing', './Pricing', false);
      await loadRemotePage('mfe_billing', './UpgradePanel', false);

      expect(callsTo(fetchMock, BILLING_ENTRY)).toBe(1);
    });

    it('on a fresh load, registers the remote again (the runtime drops its failed attempt) and reads its manifest anew', async () => {
      const fetchMock = await registerBilling([
        { status: 200, body: fixtureManifest({ react: '^17.0.0' }) },
        { status: 200, body: fixtureManifest() },
      ]);
      loadRemoteMock.mockResolvedValueOnce({ default: Pricing });
      await expect(loadRemotePage('mfe_billing', './Pricing', false)).rejects.toThrow(IncompatibleRemoteError);

      await expect(loadRemotePage('mfe_billing', './Pricing', true)).resolves.toEqual({ default: Pricing });

      expect(registerRemotesMock).toHaveBeenCalledWith([{ name: 'mfe_billing', entry: BILLING_ENTRY }], { force: true });
      expect(callsTo(fetchMock, BILLING_ENTRY)).toBe(2);
    });

    it('on Retry, reads where the remote lives again: a broken release rolled back since the page loaded heals', async () => {
      const broken = '/remotes/mfe-billing/v/3.0.0/mf-manifest.json';
      const rolledBack = '/remotes/mfe-billing/v/1.0.0/mf-manifest.json';
      serve({
        '/remotes.json': [
          { status: 200, body: { mfe_billing: broken } },
          { status: 200, body: { mfe_billing: rolledBack } },
        ],
        [broken]: { status: 404 },
        [rolledBack]: { status: 200, body: fixtureManifest() },
      });
      await registerRemotesFromServer();
      loadRemoteMock.mockResolvedValue({ default: Pricing });
      await expect(loadRemotePage('mfe_billing', './Pricing', false)).rejects.toThrow(`${broken} answered 404`);

      await expect(loadRemotePage('mfe_billing', './Pricing', true)).resolves.toEqual({ default: Pricing });

      expect(registerRemotesMock).toHaveBeenLastCalledWith([{ name: 'mfe_billing', entry: rolledBack }], { force: true });
    });

    it('on Retry without an answer from /remotes.json, keeps the location read at page load', async () => {
      const fetchMock = await registerBilling({ status: 200, body: fixtureManifest() });
      const remotesReplies = fetchMock.getMockImplementation()!;
      fetchMock.mockImplementation(async (url: string) => (url === '/remotes.json' ? { ok: false, status: 503, json: async () => null } : remotesReplies(url)));
      loadRemoteMock.mockResolvedValue({ default: Pricing });

      await expect(loadRemotePage('mfe_billing', './Pricing', true)).resolves.toEqual({ default: Pricing });

      expect(registerRemotesMock).toHaveBeenCalledWith([{ name: 'mfe_billing', entry: BILLING_ENTRY }], { force: true });
    });

    it('fails when the remote does not provide a page component', async () => {
      await registerBilling({ status: 200, body: fixtureManifest() });
      loadRemoteMock.mockResolvedValueOnce(null);

      await expect(loadRemotePage('mfe_billing', './Pricing', false)).rejects.toThrow('mfe_billing did not provide ./Pricing');
    });
  });

  describe('checkedManifestPlugin', () => {
    const runtimeFetch = (url: string) => (checkedManifestPlugin.fetch as (url: string, init: RequestInit) => Promise<Response> | undefined)(url, {});

    it('hands the federation runtime the manifest the shell checked, without fetching it again', async () => {
      const manifest = fixtureManifest();
      const fetchMock = serve({ '/remotes.json': { status: 200, body: { mfe_billing: BILLING_ENTRY } }, [BILLING_ENTRY]: { status: 200, body: manifest } });
      await registerRemotesFromServer();
      loadRemoteMock.mockResolvedValueOnce({ default: Pricing });
      await loadRemotePage('mfe_billing', './Pricing', false);

      const response = await runtimeFetch(BILLING_ENTRY);

      expect(response).toBeInstanceOf(Response);
      expect(await response!.json()).toEqual(manifest);
      expect(callsTo(fetchMock, BILLING_ENTRY)).toBe(1);
    });

    it('answers the runtime, which asks by the absolute URL, for a remote registered by its path', async () => {
      const page = globalThis as { location?: { origin: string } };
      page.location = { origin: 'https://lipcast.test' };
      try {
        const manifest = fixtureManifest();
        const fetchMock = serve({
          '/remotes.json': { status: 200, body: { mfe_billing: BILLING_ENTRY } },
          [`https://lipcast.test${BILLING_ENTRY}`]: { status: 200, body: manifest },
        });
        await registerRemotesFromServer();
        loadRemoteMock.mockResolvedValueOnce({ default: Pricing });
        await loadRemotePage('mfe_billing', './Pricing', false);

        const response = await runtimeFetch(`https://lipcast.test${BILLING_ENTRY}`);

        expect(await response!.json()).toEqual(manifest);
        expect(callsTo(fetchMock, `https://lipcast.test${BILLING_ENTRY}`)).toBe(1);
      } finally {
        delete page.location;
      }
    });

    it('leaves any other URL to the runtime', () => {
      expect(runtimeFetch('/remotes/mfe-content/mf-manifest.json')).toBeUndefined();
    });
  });
});
