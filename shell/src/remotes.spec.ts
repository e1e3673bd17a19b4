import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { loadRemotePage, parseManifest, registerRemotesFromServer } from './remotes';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
const loadRemoteMock = jest.mocked(loadRemote);
const registerRemotesMock = jest.mocked(registerRemotes);

const BILLING_ENTRY = '/remotes/mfe-billing/mf-manifest.json';
const Pricing = () => null;

/** jsdom has no fetch: answers `/remotes.json` with `status` and `body`. */
function serveRemoteList(status: number, body: unknown = {}): jest.Mock {
  const fetchMock = jest.fn(async () => ({ ok: status === 200, status, json: async () => body }));
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

describe('remotes', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

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
    it('registers every remote the server lists', async () => {
      const fetchMock = serveRemoteList(200, { mfe_billing: BILLING_ENTRY });

      await registerRemotesFromServer();

      expect(fetchMock.mock.calls[0][0]).toBe('/remotes.json');
      expect(registerRemotesMock).toHaveBeenCalledWith([{ name: 'mfe_billing', entry: BILLING_ENTRY }]);
    });

    it('still lets the shell start when the list cannot be fetched', async () => {
      serveRemoteList(503);

      await expect(registerRemotesFromServer()).resolves.toBeUndefined();

      expect(registerRemotesMock).toHaveBeenCalledWith([]);
      await expect(loadRemotePage('mfe_billing', './Pricing', false)).rejects.toThrow('No location is known for mfe_billing');
    });
  });

  describe(loadRemotePage.name, () => {
    beforeEach(async () => {
      serveRemoteList(200, { mfe_billing: BILLING_ENTRY });
      await registerRemotesFromServer();
      registerRemotesMock.mockClear();
    });

    it('loads the exposed module by its federation id', async () => {
      loadRemoteMock.mockResolvedValueOnce({ default: Pricing });

      const sut = await loadRemotePage('mfe_billing', './Pricing', false);

      expect(sut.default).toBe(Pricing);
      expect(loadRemoteMock).toHaveBeenCalledWith('mfe_billing/Pricing');
      expect(registerRemotesMock).not.toHaveBeenCalled();
    });

    it('registers the remote again, forcing the runtime to drop its failed attempt, before a fresh load', async () => {
      loadRemoteMock.mockResolvedValueOnce({ default: Pricing });

      await loadRemotePage('mfe_billing', './Pricing', true);

      expect(registerRemotesMock).toHaveBeenCalledWith([{ name: 'mfe_billing', entry: BILLING_ENTRY }], { force: true });
    });

    it('fails when the remote does not provide a page component', async () => {
      loadRemoteMock.mockResolvedValueOnce(null);

      await expect(loadRemotePage('mfe_billing', './Pricing', false)).rejects.toThrow('mfe_billing did not provide ./Pricing');
    });
  });
});
