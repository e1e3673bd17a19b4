import { ErrorCode, type ApiKeysInvalidated, type VerifiedApiKey } from '@lipcast/contracts';
import { ServiceError, type ServiceClient } from '@lipcast/nest-kit';
import { ApiKeyVerifier } from './api-key-verifier';
import { keyHash, REVERIFY_AFTER_MS, VerifiedKeys } from './verified-keys';

const KEY = `lc_live_${'A'.repeat(43)}`;
const OTHER_KEY = `lc_live_${'B'.repeat(43)}`;
const verified = (overrides: Partial<VerifiedApiKey> = {}): VerifiedApiKey => ({ userId: 'user-1', keyId: 'key-1', scopes: ['videos:read'], expiresAt: null, ...overrides });

/** Connection statuses the test hands to the verifier one by one, as the NATS client would. */
function statusFeed() {
  const waiting: ((result: IteratorResult<{ type: string }>) => void)[] = [];
  const queued: { type: string }[] = [];
  return {
    iterable: {
      [Symbol.asyncIterator]: () => ({
        next: () => new Promise<IteratorResult<{ type: string }>>((resolve) => (queued.length ? resolve({ value: queued.shift()!, done: false }) : waiting.push(resolve))),
      }),
    },
    push(type: string) {
      const next = waiting.shift();
      if (next) next({ value: { type }, done: false });
      else queued.push({ type });
    },
  };
}

/** The verifier over a stand-in for NATS: `answers` are auth's replies to verify, in order; `invalidate` delivers auth's event. */
function verifierWith(...answers: (VerifiedApiKey | ServiceError)[]) {
  const statuses = statusFeed();
  let onInvalidated: (event: ApiKeysInvalidated) => void = () => undefined;
  const send = jest.fn(async () => {
    const answer = answers.shift();
    if (!answer) throw new Error('auth was asked more often than the test expected');
    if (answer instanceof ServiceError) throw answer;
    return answer;
  });
  const services = {
    send,
    subscribe: (_subject: string, handler: (event: ApiKeysInvalidated) => void) => {
      onInvalidated = handler;
      return () => undefined;
    },
    nats: { status: () => statuses.iterable },
  } as unknown as ServiceClient;
  const verifier = new ApiKeyVerifier(services);
  verifier.onModuleInit();
  return { verifier, send, statuses, invalidate: (event: ApiKeysInvalidated) => onInvalidated(event) };
}

/** Lets the verifier's status loop take what was pushed. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe(ApiKeyVerifier.name, () => {
  afterEach(() => jest.useRealTimers());

  it('asks auth for a key once, then answers it from the cache without the expiry', async () => {
    const { verifier, send } = verifierWith(verified());
    expect(await verifier.verify(KEY)).toEqual({ userId: 'user-1', keyId: 'key-1', scopes: ['videos:read'] });
    expect(await verifier.verify(KEY)).toEqual({ userId: 'user-1', keyId: 'key-1', scopes: ['videos:read'] });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('asks auth once for concurrent requests with the same key', async () => {
    const { verifier, send } = verifierWith(verified());
    await Promise.all([verifier.verify(KEY), verifier.verify(KEY), verifier.verify(KEY)]);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('refuses a revoked key once auth says so, and keeps the other keys', async () => {
    const { verifier, send, invalidate } = verifierWith(
      verified(),
      verified({ keyId: 'key-2' }),
      new ServiceError(ErrorCode.Unauthenticated, 'This API key was revoked'),
    );
    await verifier.verify(KEY);
    await verifier.verify(OTHER_KEY);
    invalidate({ userId: 'user-1', keyId: 'key-1', reason: 'revoked' });
    await expect(verifier.verify(KEY)).rejects.toMatchObject({ code: ErrorCode.Unauthenticated, message: 'This API key was revoked' });
    expect(await verifier.verify(OTHER_KEY)).toMatchObject({ keyId: 'key-2' });
    expect(send).toHaveBeenCalledTimes(3);
  });

  it("drops every key of a user whose account is being deleted, and no other user's", async () => {
    const { verifier, send, invalidate } = verifierWith(verified(), verified({ userId: 'user-2', keyId: 'key-2' }), verified());
    await verifier.verify(KEY);
    await verifier.verify(OTHER_KEY);
    invalidate({ userId: 'user-1', keyId: null, reason: 'owner-deleting' });
    await verifier.verify(OTHER_KEY);
    expect(send).toHaveBeenCalledTimes(2);
    await verifier.verify(KEY);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('refuses a key past its expiry from the cache, without asking auth', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-30T12:00:00Z'), doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    const { verifier, send } = verifierWith(verified({ expiresAt: '2026-11-30T12:00:30.000Z' }));
    await verifier.verify(KEY);
    jest.setSystemTime(new Date('2026-11-30T12:00:30Z'));
    await expect(verifier.verify(KEY)).rejects.toMatchObject({ code: ErrorCode.Unauthenticated, message: 'This API key has expired' });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('clears the cache when the connection to NATS drops and when it returns (events may have been missed)', async () => {
    const { verifier, send, statuses } = verifierWith(verified(), verified(), verified());
    await verifier.verify(KEY);
    statuses.push('disconnect');
    await settle();
    await verifier.verify(KEY);
    expect(send).toHaveBeenCalledTimes(2);
    statuses.push('reconnect');
    await settle();
    await verifier.verify(KEY);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it("does not keep auth's answer when an invalidation arrived while it was asked: the answer may predate the revoke", async () => {
    const answers: ((answer: VerifiedApiKey) => void)[] = [];
    const { verifier, send, invalidate } = verifierWith();
    send.mockImplementation(() => new Promise((resolve) => answers.push(resolve)));
    const first = verifier.verify(KEY);
    await settle();
    invalidate({ userId: 'user-1', keyId: 'key-1', reason: 'revoked' });
    answers[0]!(verified());
    await first;
    void verifier.verify(KEY);
    await settle();
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('asks auth again a minute after it verified a key, so auth keeps recording its last use', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-30T12:00:00Z'), doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    const { verifier, send } = verifierWith(verified(), verified());
    await verifier.verify(KEY);
    jest.setSystemTime(Date.now() + REVERIFY_AFTER_MS - 1);
    await verifier.verify(KEY);
    expect(send).toHaveBeenCalledTimes(1);
    jest.setSystemTime(Date.now() + 1);
    await verifier.verify(KEY);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('never holds an unknown key: auth is asked each time, so a key made a moment ago is accepted', async () => {
    const unknown = new ServiceError(ErrorCode.Unauthenticated, 'Invalid API key');
    const { verifier, send } = verifierWith(unknown, verified());
    await expect(verifier.verify(KEY)).rejects.toBe(unknown);
    expect(await verifier.verify(KEY)).toMatchObject({ keyId: 'key-1' });
    expect(send).toHaveBeenCalledTimes(2);
  });
});

describe(VerifiedKeys.name, () => {
  it('holds keys by their hash, never the key itself, and drops the longest held past its limit', () => {
    const keys = new VerifiedKeys(2);
    for (const [index, key] of ['a', 'b', 'c'].entries()) keys.remember(keyHash(key), verified({ keyId: `key-${index}` }), keys.begin(), 0);
    expect(keys.size).toBe(2);
    expect(keys.lookup(keyHash('a'), 0)).toBeUndefined();
    expect(keys.lookup(keyHash('c'), 0)).toEqual({ identity: { userId: 'user-1', keyId: 'key-2', scopes: ['videos:read'] } });
    expect(keys.lookup('c', 0)).toBeUndefined();
  });
});
