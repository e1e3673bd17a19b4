import pg from 'pg';
import {
  ErrorCode, Events, MAX_API_KEYS_PER_USER, Subjects, type ApiKeysInvalidated, type CreateApiKeyRequest,
} from '@lipcast/contracts';
import { startServiceForTest, type RunningService } from '@lipcast/nest-kit';
import { authService } from '../service';
import { hashApiKey } from './api-key-secret';

const issuer = `https://issuer.test/api-keys/${Date.now()}`;

describe('auth API keys over NATS', () => {
  let running: RunningService;
  let database: pg.Pool;
  let subjectCount = 0;

  const newUser = () =>
    running.client.send(Subjects.auth.userUpsert, { issuer, subject: `key-holder-${++subjectCount}`, username: `holder${subjectCount}` });
  const create = (request: CreateApiKeyRequest) => running.client.send(Subjects.auth.apiKeysCreate, request);
  const list = (userId: string) => running.client.send(Subjects.auth.apiKeysList, { userId });
  const verify = (key: string) => running.client.send(Subjects.auth.apiKeysVerify, { key });
  const storedLastUse = async (keyId: string) =>
    (await database.query<{ last_used_at: Date | null }>('select last_used_at from auth.api_key where id = $1', [keyId])).rows[0].last_used_at;

  beforeAll(async () => {
    running = await startServiceForTest(authService);
    database = new pg.Pool({ connectionString: running.settings.DATABASE_URL, max: 1 });
  });
  afterAll(async () => {
    await database?.end();
    await running?.close();
  });

  it('creates a key shown once, stores only its hash and prefix, and lists it without the key', async () => {
    const user = await newUser();
    const created = await create({ userId: user.id, name: '  CI pipeline ', scopes: ['videos:read', 'videos:write'] });
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      key: expect.stringMatching(/^lc_live_[A-Za-z0-9_-]{43}$/),
      name: 'CI pipeline',
      prefix: created.key.slice(0, 12),
      scopes: ['videos:read', 'videos:write'],
      createdAt: expect.any(String),
      lastUsedAt: null,
      expiresAt: null,
    });
    const stored = await database.query('select hash, prefix from auth.api_key where id = $1', [created.id]);
    expect(stored.rows).toEqual([{ hash: hashApiKey(created.key), prefix: created.key.slice(0, 12) }]);
    const { key: _shownOnce, ...summary } = created;
    expect(await list(user.id)).toEqual([summary]);
  });

  it('verifies a key as its owner, its id and scopes, and records the last use at most once a minute', async () => {
    const user = await newUser();
    const created = await create({ userId: user.id, name: 'reader', scopes: ['videos:read'] });
    expect(await verify(created.key)).toEqual({ userId: user.id, keyId: created.id, scopes: ['videos:read'], expiresAt: null });
    const firstUse = await storedLastUse(created.id);
    expect(firstUse).toBeInstanceOf(Date);

    await verify(created.key);
    expect(await storedLastUse(created.id)).toEqual(firstUse);

    const longAgo = new Date(Date.now() - 5 * 60_000);
    await database.query('update auth.api_key set last_used_at = $2 where id = $1', [created.id, longAgo]);
    await verify(created.key);
    expect((await storedLastUse(created.id))!.getTime()).toBeGreaterThan(longAgo.getTime());
    expect((await list(user.id))[0].lastUsedAt).not.toBeNull();
  });

  it('refuses unknown, malformed, revoked and expired keys as UNAUTHENTICATED', async () => {
    const user = await newUser();
    const created = await create({ userId: user.id, name: 'short-lived', scopes: ['videos:read'] });
    await expect(verify(`lc_live_${'A'.repeat(43)}`)).rejects.toMatchObject({ code: ErrorCode.Unauthenticated, message: 'Invalid API key' });
    await expect(verify('not a key')).rejects.toMatchObject({ code: ErrorCode.Unauthenticated });

    await database.query("update auth.api_key set expires_at = now() - interval '1 second' where id = $1", [created.id]);
    await expect(verify(created.key)).rejects.toMatchObject({ code: ErrorCode.Unauthenticated, message: 'This API key has expired' });

    expect(await running.client.send(Subjects.auth.apiKeysRevoke, { userId: user.id, keyId: created.id })).toEqual({ revoked: true });
    await expect(verify(created.key)).rejects.toMatchObject({ code: ErrorCode.Unauthenticated, message: 'This API key was revoked' });
    expect(await list(user.id)).toEqual([]);
    // Again is fine: the key is revoked either way.
    expect(await running.client.send(Subjects.auth.apiKeysRevoke, { userId: user.id, keyId: created.id })).toEqual({ revoked: true });
  });

  it('answers when a key expires, so the gateways can refuse it from then on without asking', async () => {
    const user = await newUser();
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const created = await create({ userId: user.id, name: 'until tomorrow', scopes: ['videos:read'], expiresAt });
    expect(await verify(created.key)).toEqual({ userId: user.id, keyId: created.id, scopes: ['videos:read'], expiresAt });
  });

  it("tells the gateways when keys stop working, before the revoke or the deletion's first step is answered", async () => {
    const told: ApiKeysInvalidated[] = [];
    const stopListening = running.client.subscribe(Events.auth.apiKeysInvalidated, (event) => told.push(event));
    // Other tests on the same NATS may tell about their own users.
    const toldAbout = (userId: string) => told.filter((event) => event.userId === userId);
    try {
      await running.client.nats.flush(); // listening before the first revoke
      const user = await newUser();
      const created = await create({ userId: user.id, name: 'revoked', scopes: ['videos:read'] });
      await running.client.send(Subjects.auth.apiKeysRevoke, { userId: user.id, keyId: created.id });
      expect(toldAbout(user.id)).toEqual([{ userId: user.id, keyId: created.id, reason: 'revoked' }]);

      const leaving = await newUser();
      await running.client.send(Subjects.auth.userDeletionStart, { userId: leaving.id });
      expect(toldAbout(leaving.id)).toEqual([{ userId: leaving.id, keyId: null, reason: 'owner-deleting' }]);
      await running.client.send(Subjects.auth.userDelete, { userId: leaving.id });
      expect(toldAbout(leaving.id)).toEqual([
        { userId: leaving.id, keyId: null, reason: 'owner-deleting' },
        { userId: leaving.id, keyId: null, reason: 'owner-deleted' },
      ]);
    } finally {
      stopListening();
    }
  });

  it("revokes only the owner's key: another user's is NOT_FOUND and keeps working", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const created = await create({ userId: owner.id, name: 'mine', scopes: ['webhooks:manage'] });
    await expect(running.client.send(Subjects.auth.apiKeysRevoke, { userId: stranger.id, keyId: created.id })).rejects.toMatchObject({ code: ErrorCode.NotFound });
    expect(await verify(created.key)).toMatchObject({ userId: owner.id });
  });

  it('refuses bad input: no scope, an unknown scope, an empty name, an expiry in the past', async () => {
    const user = await newUser();
    await expect(create({ userId: user.id, name: 'x', scopes: [] })).rejects.toMatchObject({ code: ErrorCode.Validation, message: 'Choose at least one scope' });
    await expect(create({ userId: user.id, name: 'x', scopes: ['admin' as 'videos:read'] })).rejects.toMatchObject({ code: ErrorCode.Validation });
    await expect(create({ userId: user.id, name: '   ', scopes: ['videos:read'] })).rejects.toMatchObject({ code: ErrorCode.Validation });
    await expect(create({ userId: user.id, name: 'x', scopes: ['videos:read'], expiresAt: new Date(Date.now() - 60_000).toISOString() })).rejects.toMatchObject({
      code: ErrorCode.Validation,
      message: 'The expiry date must be in the future',
    });
    expect(await list(user.id)).toEqual([]);
  });

  it(`holds at most ${MAX_API_KEYS_PER_USER} keys per user, even when creates race; a revoked key makes room`, async () => {
    const user = await newUser();
    const results = await Promise.allSettled(
      Array.from({ length: MAX_API_KEYS_PER_USER + 3 }, (_, index) => create({ userId: user.id, name: `key ${index}`, scopes: ['videos:read'] })),
    );
    const refused = results.filter((result) => result.status === 'rejected').map((result) => (result as PromiseRejectedResult).reason as { code: string; message: string });
    expect(refused).toHaveLength(3);
    expect(refused[0]).toMatchObject({ code: ErrorCode.Conflict, message: expect.stringContaining(`${MAX_API_KEYS_PER_USER} API keys`) });
    const keys = await list(user.id);
    expect(keys).toHaveLength(MAX_API_KEYS_PER_USER);

    await running.client.send(Subjects.auth.apiKeysRevoke, { userId: user.id, keyId: keys[0].id });
    await expect(create({ userId: user.id, name: 'one more', scopes: ['videos:read'] })).resolves.toMatchObject({ name: 'one more' });
  });

  it("deletes a user's keys with the user (account deletion)", async () => {
    const user = await newUser();
    const created = await create({ userId: user.id, name: 'leaving', scopes: ['videos:read'] });
    await running.client.send(Subjects.auth.userDelete, { userId: user.id });
    await expect(verify(created.key)).rejects.toMatchObject({ code: ErrorCode.Unauthenticated, message: 'Invalid API key' });
  });
});
