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
      limited = await api.startGateway({ RATE_LIMIT_PER_MINUTE: '3' });
    });
    afterAll(() => limited?.gateway.close());

    it('counts a key over every v1 route together, and another key apart', async () => {
      const { cookie } = await api.newUser('api-v1-busy');
      const [busy, calm] = [await api.createKey(cookie, { name: 'Busy', scopes: ['videos:read'] }), await api.createKey(cookie, { name: 'Calm', scopes: ['videos:read'] })];
      const call = (path: string, key: string) => fetch(`${limited.base}${path}`, { headers: { authorization: `Bearer ${key}` } });
      // Under the per-address limit of each route (3 a minute), over the key's 3 across routes.
      for (const path of ['/api/v1/actors', '/api/v1/voices', '/api/v1/actors']) expect((await call(path, busy.key)).status).toBe(200);
      const refused = await call('/api/v1/voices', busy.key);
      expect({ status: refused.status, body: await refused.json() }).toEqual({
        status: 429,
        body: { error: { code: ErrorCode.RateLimited, message: 'Rate limit exceeded. Please try again in a few minutes.', details: null } },
      });
      expect((await call('/api/v1/voices', calm.key)).status).toBe(200);
    });
  });
});
