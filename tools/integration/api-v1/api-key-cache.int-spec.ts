/* eslint-disable @nx/enforce-module-boundaries -- the test runs the real services beside the gateway */
import { ErrorCode, Subjects } from '@lipcast/contracts';
import { authService } from '../../../services/auth/src/service';
import { generationService } from '../../../services/generation/src/service';
import { startPublicApiTestBed, type PublicApiTestBed, type StartedGateway } from './testing';

jest.setTimeout(90_000);

/**
 * The gateways' caches of verified API keys (gateway/src/api-v1/verified-keys.ts) against the real
 * auth service over NATS: two gateway replicas, auth's invalidation events, and auth's verify
 * requests counted by listening to their subject beside auth.
 */
describe('the cache of verified API keys, on two gateways', () => {
  let api: PublicApiTestBed;
  let second: StartedGateway;

  beforeAll(async () => {
    api = await startPublicApiTestBed({ services: [authService, generationService] });
    second = await api.startGateway({});
  });

  afterAll(async () => {
    await second?.gateway.close();
    await api?.close();
  });

  const voices = (base: string, key: string) => fetch(`${base}/api/v1/voices`, { headers: { authorization: `Bearer ${key}` } });
  /** Each gateway's answer to the key: its status and, for a refusal, the error. */
  const onBothGateways = async (key: string) =>
    Promise.all(
      [api.base, second.base].map(async (base) => {
        const response = await voices(base, key);
        const body = (await response.json()) as { error?: { code: string; message: string } };
        return response.status === 200 ? 200 : { status: response.status, error: body.error };
      }),
    );

  /** How often auth is asked to verify `key` while `act` runs (a listener on the subject, beside auth's own). */
  async function verificationsDuring(key: string, act: () => Promise<unknown>): Promise<number> {
    const nats = api.client(authService).nats;
    let asked = 0;
    const listener = nats.subscribe(Subjects.auth.apiKeysVerify, {
      callback: (_error, message) => {
        if (message.json<{ data: { key: string } }>().data.key === key) asked += 1;
      },
    });
    try {
      await nats.flush(); // listening before the first request
      await act();
      await nats.flush(); // every request made so far has reached the listener
      return asked;
    } finally {
      listener.unsubscribe();
    }
  }

  it("asks auth for a valid key's first read on each gateway only, not for the reads after it", async () => {
    const { key } = await api.newCaller('cache-reader', ['videos:read']);
    const asked = await verificationsDuring(key, async () => {
      for (let read = 0; read < 5; read += 1) expect(await onBothGateways(key)).toEqual([200, 200]);
    });
    expect(asked).toBe(2);
  });

  it('refuses a revoked key on both gateways as soon as the revoke is answered', async () => {
    const { cookie } = await api.newUser('cache-revoker');
    const { id, key } = await api.createKey(cookie, { name: 'Revoked soon', scopes: ['videos:read'] });
    expect(await onBothGateways(key)).toEqual([200, 200]); // held by both caches now

    const revoke = await api.session(cookie, 'DELETE', `/api-keys/${id}`);
    expect(revoke.status).toBe(200);
    const revoked = { status: 401, error: { code: ErrorCode.Unauthenticated, message: 'This API key was revoked', details: null } };
    expect(await onBothGateways(key)).toEqual([revoked, revoked]);
  });

  it("refuses every key of an account being deleted on both gateways, and keeps another user's", async () => {
    const leaving = await api.newUser('cache-leaving');
    const [first, other] = [await api.createKey(leaving.cookie, { name: 'One', scopes: ['videos:read'] }), await api.createKey(leaving.cookie, { name: 'Two', scopes: ['videos:read'] })];
    const staying = await api.newCaller('cache-staying', ['videos:read']);
    for (const key of [first.key, other.key, staying.key]) expect(await onBothGateways(key)).toEqual([200, 200]);

    await api.client(authService).send(Subjects.auth.userDeletionStart, { userId: leaving.user.id });
    const deleting = { status: 401, error: { code: ErrorCode.Unauthenticated, message: 'This account is being deleted', details: null } };
    expect(await onBothGateways(first.key)).toEqual([deleting, deleting]);
    expect(await onBothGateways(other.key)).toEqual([deleting, deleting]);
    expect(await verificationsDuring(staying.key, async () => expect(await onBothGateways(staying.key)).toEqual([200, 200]))).toBe(0);
  });
});
