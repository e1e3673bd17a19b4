/* eslint-disable @nx/enforce-module-boundaries -- the test runs the real services beside the gateway */
import { ErrorCode, type ApiKeySummary, type ApiV1List, type VoiceInfo } from '@lipcast/contracts';
import { authService } from '../../../services/auth/src/service';
import { generationService } from '../../../services/generation/src/service';
import { startPublicApiTestBed, type PublicApiTestBed, type StartedGateway } from './testing';

jest.setTimeout(90_000);

/** The public API against the real auth and generation services: keys made in the profile's session routes, used with a bearer header only. */
describe('the public API (/api/v1) with API keys', () => {
  let api: PublicApiTestBed;

  const withKey = (path: string, key: string) => fetch(`${api.base}${path}`, { headers: { authorization: `Bearer ${key}` } });

  beforeAll(async () => {
    api = await startPublicApiTestBed({ services: [authService, generationService] });
  });

  afterAll(() => api?.close());

  it('creates a key in the session, answers the catalog to it, and records its last use', async () => {
    const { cookie } = await api.newUser('api-v1-reader');
    const created = await api.createKey(cookie, { name: 'Reader', scopes: ['videos:read'] });
    expect(created.key).toMatch(/^lc_live_/);

    const actors = await withKey('/api/v1/actors', created.key);
    expect(actors.status).toBe(200);
    expect(actors.headers.get('cache-control')).toBeNull();
    const actorList = (await actors.json()) as ApiV1List<{ id: string; title: string }>;
    expect(actorList.data).toHaveLength(14);
    expect(actorList.data[0]).toMatchObject({ id: 'ipfs-puppet-video', title: 'Studio Host Maya' });
    // The same data as the app's own route.
    expect(actorList.data).toEqual(await (await fetch(`${api.base}/api/actors`)).json());

    const voices = (await (await withKey('/api/v1/voices', created.key)).json()) as ApiV1List<VoiceInfo>;
    expect(voices.data).toContainEqual({ id: 'Wise_Woman', name: 'Wise Woman', gender: 'female', tone: 'calm' });
    expect(voices.data.map((voice) => voice.id)).toEqual(await (await fetch(`${api.base}/api/replicate/voices`)).json());

    const [listed] = (await (await api.session(cookie, 'GET', '/api-keys')).json()) as ApiKeySummary[];
    expect(listed).toMatchObject({ id: created.id, name: 'Reader', prefix: created.key.slice(0, 12), lastUsedAt: expect.any(String) });
    expect(listed).not.toHaveProperty('key');
  });

  it('refuses a revoked key and an expired key with 401 in the error shape', async () => {
    const { cookie } = await api.newUser('api-v1-revoker');
    const revoked = await api.createKey(cookie, { name: 'Soon revoked', scopes: ['videos:read'] });
    expect((await withKey('/api/v1/voices', revoked.key)).status).toBe(200);
    const revoke = await fetch(`${api.base}/api/api-keys/${revoked.id}`, { method: 'DELETE', headers: { cookie, origin: api.base } });
    expect({ status: revoke.status, body: await revoke.json() }).toEqual({ status: 200, body: { revoked: true } });
    expect(await (await withKey('/api/v1/voices', revoked.key)).json()).toEqual({ error: { code: ErrorCode.Unauthenticated, message: 'This API key was revoked', details: null } });

    const expiring = await api.createKey(cookie, { name: 'Expiring', scopes: ['videos:read'], expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(expiring.expiresAt).not.toBeNull();
    await api.database.query("update auth.api_key set expires_at = now() - interval '1 second' where id = $1", [expiring.id]);
    const expired = await withKey('/api/v1/actors', expiring.key);
    expect({ status: expired.status, body: await expired.json() }).toEqual({
      status: 401,
      body: { error: { code: ErrorCode.Unauthenticated, message: 'This API key has expired', details: null } },
    });
  });

  it('refuses a key without the scope a route requires: 403 naming the scope', async () => {
    const { cookie } = await api.newUser('api-v1-hooks');
    const hooksOnly = await api.createKey(cookie, { name: 'Hooks', scopes: ['webhooks:manage'] });
    const response = await withKey('/api/v1/actors', hooksOnly.key);
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 403,
      body: { error: { code: ErrorCode.Forbidden, message: 'This API key lacks the scope videos:read', details: { required: ['videos:read'], missing: ['videos:read'] } } },
    });
  });

  it('never takes a key on a session route, nor a session on /api/v1', async () => {
    const { cookie } = await api.newUser('api-v1-crossing');
    const { key } = await api.createKey(cookie, { name: 'Crossing', scopes: ['videos:read', 'videos:write', 'webhooks:manage'] });

    expect((await withKey('/api/auth/user', key)).status).toBe(401);
    expect((await withKey('/api/api-keys', key)).status).toBe(401);
    const createWithKey = await fetch(`${api.base}/api/api-keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x', scopes: ['videos:read'] }),
    });
    expect(createWithKey.status).toBe(401);

    const cookieOnly = await fetch(`${api.base}/api/v1/actors`, { headers: { cookie } });
    expect({ status: cookieOnly.status, body: await cookieOnly.json() }).toEqual({
      status: 401,
      body: { error: { code: ErrorCode.Unauthenticated, message: 'Send your API key as "Authorization: Bearer <key>" (create one in your profile).', details: null } },
    });
    // The key only in the query string or as another scheme is no key.
    expect((await fetch(`${api.base}/api/v1/actors?access_token=${key}`)).status).toBe(401);
    expect((await fetch(`${api.base}/api/v1/actors`, { headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` } })).status).toBe(401);
    const malformed = await withKey('/api/v1/actors', 'lc_live_short');
    expect(await malformed.json()).toEqual({ error: { code: ErrorCode.Unauthenticated, message: 'Invalid API key', details: null } });
  });

  it('answers an unknown /api/v1 address with 404 in the error shape (401 without a key), and serves its own document', async () => {
    const { cookie } = await api.newUser('api-v1-lost');
    const { key } = await api.createKey(cookie, { name: 'Lost', scopes: ['videos:read'] });
    const missing = await withKey('/api/v1/nothing/here', key);
    expect({ status: missing.status, body: await missing.json() }).toEqual({ status: 404, body: { error: { code: ErrorCode.NotFound, message: 'Not found', details: null } } });
    // Without a key, no route of the public API answers anything else.
    expect((await fetch(`${api.base}/api/v1/nothing/here`, { method: 'POST' })).status).toBe(401);

    expect((await fetch(`${api.base}/api/v1/docs`)).status).toBe(200);
    const document = (await (await fetch(`${api.base}/api/v1/docs-json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/v1/actors', '/api/v1/voices']));
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/v1/'))).toEqual([]);
  });

  it("manages keys only as the signed-in user: bad input is a 400, another user's key a 404, a write from another site a 403", async () => {
    const owner = await api.newUser('api-v1-owner');
    const stranger = await api.newUser('api-v1-stranger');
    const { id } = await api.createKey(owner.cookie, { name: 'Mine', scopes: ['videos:read'] });

    const bad = await api.session(owner.cookie, 'POST', '/api-keys', { name: 'No scopes', scopes: [] });
    expect({ status: bad.status, message: ((await bad.json()) as { message: string }).message }).toEqual({ status: 400, message: 'Choose at least one scope' });
    expect((await fetch(`${api.base}/api/api-keys/${id}`, { method: 'DELETE', headers: { cookie: stranger.cookie, origin: api.base } })).status).toBe(404);
    expect((await fetch(`${api.base}/api/api-keys/not-a-key-id`, { method: 'DELETE', headers: { cookie: owner.cookie, origin: api.base } })).status).toBe(404);
    const crossSite = await fetch(`${api.base}/api/api-keys`, {
      method: 'POST',
      headers: { cookie: owner.cookie, origin: 'https://elsewhere.example', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Forged', scopes: ['videos:read'] }),
    });
    expect(crossSite.status).toBe(403);
    expect(((await (await api.session(owner.cookie, 'GET', '/api-keys')).json()) as ApiKeySummary[]).map((key) => key.name)).toEqual(['Mine']);
  });

  describe('per-key rate limit', () => {
    let limited: StartedGateway;
    beforeAll(async () => {
      // The per-address limit well above the keys' own: only API_RATE_LIMIT_PER_MINUTE refuses here.
      limited = await api.startGateway({ RATE_LIMIT_PER_MINUTE: '100', API_RATE_LIMIT_PER_MINUTE: '3' });
    });
    afterAll(() => limited?.gateway.close());

    it("gives each key of a user its own budget over every v1 route together: 429 in the error shape with Retry-After past it", async () => {
      const { cookie } = await api.newUser('api-v1-busy');
      const [busy, calm] = [await api.createKey(cookie, { name: 'Busy', scopes: ['videos:read'] }), await api.createKey(cookie, { name: 'Calm', scopes: ['videos:read'] })];
      const call = (path: string, key: string) => fetch(`${limited.base}${path}`, { headers: { authorization: `Bearer ${key}` } });
      const budget = (response: Response) => ['ratelimit-limit', 'ratelimit-remaining'].map((name) => response.headers.get(name));

      const answered: (string | null)[][] = [];
      for (const path of ['/api/v1/actors', '/api/v1/voices', '/api/v1/actors']) {
        const response = await call(path, busy.key);
        expect(response.status).toBe(200);
        answered.push(budget(response));
      }
      expect(answered).toEqual([['3', '2'], ['3', '1'], ['3', '0']]);
      const refused = await call('/api/v1/voices', busy.key);
      expect({ status: refused.status, body: await refused.json() }).toEqual({
        status: 429,
        body: { error: { code: ErrorCode.RateLimited, message: 'Rate limit exceeded. Please try again in a few minutes.', details: null } },
      });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect(budget(refused)).toEqual(['3', '0']);

      // The other key of the same user (and the same address) still has its whole budget, and spends it alone.
      for (const remaining of ['2', '1', '0']) {
        const response = await call('/api/v1/voices', calm.key);
        expect({ status: response.status, budget: budget(response) }).toEqual({ status: 200, budget: ['3', remaining] });
      }
      expect((await call('/api/v1/actors', calm.key)).status).toBe(429);
    });
  });

  it('never reads, makes or extends a session on /api/v1: a session cookie without a key is a 401 and no cookie is set', async () => {
    const { cookie } = await api.newUser('api-v1-no-session');
    const sid = decodeURIComponent(cookie.split('=')[1]!).slice(2).split('.')[0]!;
    const storedExpiry = async () => ((await api.database.query<{ expires_at: Date }>('select expires_at from gateway.session where sid = $1', [sid])).rows[0]?.expires_at ?? null)?.getTime();
    const sessionRows = async () => Number((await api.database.query<{ count: string }>('select count(*) from gateway.session')).rows[0]!.count);
    // Stored to end sooner than the cookie says: any request that touches the session writes a later end.
    await api.database.query("update gateway.session set expires_at = now() + interval '10 minutes' where sid = $1", [sid]);
    const before = await storedExpiry();
    expect(before).toEqual(expect.any(Number));

    for (const path of ['/api/v1/actors', '/api/V1/voices', '/api/v1/videos', '/api/v1/nothing/here']) {
      const response = await fetch(`${api.base}${path}`, { headers: { cookie } });
      expect({ path, status: response.status, setCookie: response.headers.get('set-cookie') }).toEqual({ path, status: 401, setCookie: null });
      await response.text();
    }
    // Not even a signed-out request's session (a cookie naming no row) is made there.
    const rows = await sessionRows();
    const anonymous = await fetch(`${api.base}/api/v1/actors`, { headers: { cookie: 'lipcast.sid=s%3Aunknown.signature' } });
    expect({ status: anonymous.status, setCookie: anonymous.headers.get('set-cookie') }).toEqual({ status: 401, setCookie: null });
    expect(await sessionRows()).toBeLessThanOrEqual(rows);
    // The session, whose expiry a session route extends (rolling, past the touch interval), was never touched.
    expect(await storedExpiry()).toBe(before);

    const sessionRoute = await fetch(`${api.base}/api/api-keys`, { headers: { cookie } });
    expect({ status: sessionRoute.status, setsCookie: sessionRoute.headers.get('set-cookie')?.startsWith('lipcast.sid=') }).toEqual({ status: 200, setsCookie: true });
    await sessionRoute.text(); // the answer ends once the session is written
    expect(await storedExpiry()).toBeGreaterThan(before!);
  });
});
