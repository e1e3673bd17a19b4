/* eslint-disable @nx/enforce-module-boundaries -- the preview limit's tests run the real billing and generation services beside the gateway */
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import pg from 'pg';
import { readEnv, runMigrations, startServiceForTest, type RunningService } from '@lipcast/nest-kit';
import { billingService } from '../../../services/billing/src/service';
import { generationService } from '../../../services/generation/src/service';
import { createGateway } from '../../../gateway/src/create-app';
import { ormConfig } from '../../../gateway/src/mikro-orm.config';
import { GatewaySettings } from '../../../gateway/src/settings';
import { signedInCookie } from '../../../gateway/src/session/testing';
import { claimSize, PgThrottlerStorage } from '../../../gateway/src/http/pg-throttler-storage';

const baseSettings = readEnv(GatewaySettings);

async function startGateway(env: Record<string, string>): Promise<{ app: INestApplication; base: string }> {
  const app = await createGateway(readEnv(GatewaySettings, { ...process.env, S3_BUCKET: baseSettings.S3_BUCKET, ...env }));
  await app.listen(0, '127.0.0.1');
  return { app, base: `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}` };
}

/** A signed-out request to a closed route: 401 while allowed, 429 once limited (the limit is checked first). */
const askUser = (base: string, forwardedFor?: string) => fetch(`${base}/api/auth/user`, { headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} }).then((response) => response.status);

describe('rate limits shared by gateway replicas', () => {
  const database = new pg.Pool({ connectionString: baseSettings.DATABASE_URL, max: 2 });
  const gateways: INestApplication[] = [];
  let first: string;
  let second: string;
  let untrusting: string;

  beforeAll(async () => {
    await runMigrations(ormConfig(baseSettings.DATABASE_URL));
    // Counters left by earlier test files in this run would count here too.
    await database.query('delete from gateway.rate_limit');
    const limits = { RATE_LIMIT_PER_MINUTE: '5', SIGN_IN_RATE_LIMIT_PER_MINUTE: '2' };
    const start = async (env: Record<string, string>) => {
      const { app, base } = await startGateway(env);
      gateways.push(app);
      return base;
    };
    // One after the other: each start makes sure the bucket exists.
    first = await start(limits);
    second = await start(limits);
    untrusting = await start({ ...limits, TRUST_PROXY: '10.0.0.0/8' });
  });

  afterAll(async () => {
    await Promise.all(gateways.map((gateway) => gateway.close()));
    await database.end();
  });

  it('counts one client on two gateway processes against one limit', async () => {
    const statuses = [];
    for (let request = 0; request < 6; request++) statuses.push(await askUser(request % 2 ? second : first, '203.0.113.1'));
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // Another client behind the same (trusted) proxy has a limit of its own.
    expect(await askUser(second, '203.0.113.2')).toBe(401);
  });

  it('reads the client address from X-Forwarded-For only when the hop that sent it is trusted', async () => {
    // From loopback, trusted by default: every forwarded address is a client of its own.
    const trusted = [];
    for (let client = 10; client < 16; client++) trusted.push(await askUser(first, `203.0.113.${client}`));
    expect(trusted).toEqual(Array(6).fill(401));
    // TRUST_PROXY=10.0.0.0/8 does not cover loopback: the spoofed addresses are ignored, the one caller is limited.
    const spoofed = [];
    for (let client = 20; client < 26; client++) spoofed.push(await askUser(untrusting, `203.0.113.${client}`));
    expect(spoofed).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('counts sign-in callbacks per OIDC state, so one flood cannot lock out the others behind an address', async () => {
    const callback = (state: string) =>
      fetch(`${first}/api/callback?code=x&state=${state}`, { redirect: 'manual', headers: { 'x-forwarded-for': '203.0.113.30' } }).then((response) => response.status);
    // No sign-in is pending in these sessions: an allowed callback lands on the login-failed page.
    expect([await callback('flood'), await callback('flood'), await callback('flood')]).toEqual([302, 302, 429]);
    expect(await callback('someone-else')).toBe(302);
    // Starting a sign-in is counted per address (no issuer is configured here: 503 while allowed).
    const login = () => fetch(`${second}/api/login`, { redirect: 'manual', headers: { 'x-forwarded-for': '203.0.113.30' } }).then((response) => response.status);
    expect([await login(), await login(), await login()]).toEqual([503, 503, 429]);
  });

  it("limits Replicate's public webhook per client address, so forged deliveries cannot flood the generation service", async () => {
    // Unsigned: 400 while allowed (the gateway refuses it before asking the service), 429 once limited.
    const deliver = (base: string, forwardedFor: string) =>
      fetch(`${base}/api/replicate/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor, 'webhook-id': 'msg_forged', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)) },
        body: JSON.stringify({ id: 'p1', status: 'succeeded' }),
      }).then((response) => response.status);
    const statuses = [];
    for (let request = 0; request < 6; request++) statuses.push(await deliver(request % 2 ? second : first, '203.0.113.50'));
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect(await deliver(first, '203.0.113.51')).toBe(400);
  });
});

describe('the preview rate limit (speech, script, portrait, picture check)', () => {
  const database = new pg.Pool({ connectionString: baseSettings.DATABASE_URL, max: 2 });
  const sessionSecret = randomBytes(24).toString('hex');
  const userIds: string[] = [];
  const PREVIEW_ROUTES = ['/api/replicate/audio', '/api/openai/generate-script', '/api/ai-influencer/image', '/api/ai-influencer/check-image'];
  const services: RunningService[] = [];
  let gateway: INestApplication | undefined;
  let base: string;

  beforeAll(async () => {
    await runMigrations(ormConfig(baseSettings.DATABASE_URL));
    services.push(await startServiceForTest(billingService), await startServiceForTest(generationService));
    // The general limit out of the way: only the preview limit (3 here, 30 by default) refuses.
    ({ app: gateway, base } = await startGateway({ RATE_LIMIT_PER_MINUTE: '1000', PREVIEW_RATE_LIMIT_PER_MINUTE: '3', SESSION_SECRET: sessionSecret }));
  }, 60_000);

  afterAll(async () => {
    await gateway?.close();
    for (const service of services.reverse()) await service.close();
    await database.query("delete from gateway.session where data::jsonb->>'userId' = any($1)", [userIds]);
    await database.end();
  });

  const signIn = (userId = randomUUID()) => {
    userIds.push(userId);
    return signedInCookie(database, sessionSecret, userId);
  };
  /**
   * An empty preview request from `forwardedFor`: counted, then refused as invalid (400, by the gateway
   * or the generation service: nothing is made or charged) when signed in, or by the sign-in check
   * (401) when not; 429 once limited (the limits are checked first).
   */
  const preview = (path: string, forwardedFor: string, cookie?: string) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/json', 'x-forwarded-for': forwardedFor, ...(cookie ? { cookie } : {}) },
      body: '{}',
    });
  const statuses = async (count: number, path: string, forwardedFor: string, cookie?: string) => {
    const answers = [];
    for (let request = 0; request < count; request++) answers.push((await preview(path, forwardedFor, cookie)).status);
    return answers;
  };

  it('gives each signed-in user behind one shared address an allowance of their own', async () => {
    const office = '203.0.113.60';
    const [alice, bob] = [await signIn(), await signIn()];
    expect(await statuses(4, '/api/replicate/audio', office, alice)).toEqual([400, 400, 400, 429]);
    // Bob, behind the same address, is not refused for what Alice used.
    expect(await statuses(4, '/api/replicate/audio', office, bob)).toEqual([400, 400, 400, 429]);
  });

  it('refuses a user past the limit on each preview route, whatever address they come from, and follows the setting', async () => {
    const cookie = await signIn();
    for (const path of PREVIEW_ROUTES) {
      const first = await preview(path, '203.0.113.61', cookie);
      expect([path, first.status, first.headers.get('x-ratelimit-limit-preview')]).toEqual([path, 400, '3']);
      expect([path, ...(await statuses(2, path, '203.0.113.62', cookie))]).toEqual([path, 400, 400]);
      // A new address does not give the same user a new allowance.
      const refused = await preview(path, '203.0.113.63', cookie);
      expect([path, refused.status]).toEqual([path, 429]);
      expect(await refused.json()).toEqual({ message: expect.any(String) });
    }
  });

  it('counts signed-out requests per address: everyone signed out behind it shares one allowance', async () => {
    expect(await statuses(4, '/api/replicate/audio', '203.0.113.64')).toEqual([401, 401, 401, 429]);
    // Another address has its own; a user signed in behind the limited address has their own too.
    expect(await statuses(1, '/api/replicate/audio', '203.0.113.65')).toEqual([401]);
    expect(await statuses(1, '/api/replicate/audio', '203.0.113.64', await signIn())).toEqual([400]);
  });
});

describe(PgThrottlerStorage.name, () => {
  const database = new pg.Pool({ connectionString: baseSettings.DATABASE_URL, max: 2 });
  const sut = new PgThrottlerStorage(database);
  const key = `test-${Date.now()}`;

  beforeAll(() => runMigrations(ormConfig(baseSettings.DATABASE_URL)));
  afterAll(async () => {
    sut.stop();
    await database.query("delete from gateway.rate_limit where key like 'test-%'");
    await database.end();
  });

  it('counts hits in a window, blocks past the limit until the window ends, and starts a new window after it', async () => {
    const hits = [];
    for (let hit = 0; hit < 3; hit++) hits.push(await sut.increment(key, 60_000, 2, 60_000));
    expect(hits.map(({ totalHits, isBlocked }) => [totalHits, isBlocked])).toEqual([[1, false], [2, false], [3, true]]);
    expect(hits[2].timeToBlockExpire).toBeGreaterThan(0);

    await database.query("update gateway.rate_limit set window_ends_at = now() - interval '1 second' where key = $1", [key]);
    expect(await sut.increment(key, 60_000, 2, 60_000)).toMatchObject({ totalHits: 1, isBlocked: false });
  });

  it('claims hits in blocks: a busy client costs one query per block, and is refused past the limit', async () => {
    const counted = new pg.Pool({ connectionString: baseSettings.DATABASE_URL, max: 1 });
    // Each query outside a transaction takes a connection from the pool for itself.
    let queries = 0;
    counted.on('acquire', () => (queries += 1));
    const storage = new PgThrottlerStorage(counted);
    const results = [];
    for (let hit = 0; hit < 101; hit++) results.push(await storage.increment(`${key}-busy`, 60_000, 100, 60_000));
    storage.stop();
    await counted.end();
    expect(claimSize(100)).toBe(5);
    expect(results.slice(0, 100).map(({ totalHits, isBlocked }) => [totalHits, isBlocked])).toEqual(Array.from({ length: 100 }, (_, index) => [index + 1, false]));
    expect(results[100].isBlocked).toBe(true);
    expect(queries).toBe(21); // 20 claims of 5 hits, then the refused request's
  });

  it('has concurrent requests wait for one claim instead of each claiming a block', async () => {
    const counted = new pg.Pool({ connectionString: baseSettings.DATABASE_URL, max: 4 });
    let queries = 0;
    counted.on('acquire', () => (queries += 1));
    const storage = new PgThrottlerStorage(counted);
    const results = await Promise.all(Array.from({ length: 50 }, () => storage.increment(`${key}-concurrent`, 60_000, 2000, 60_000)));
    storage.stop();
    await counted.end();
    expect(claimSize(2000)).toBe(100);
    expect(queries).toBe(1);
    expect(results.map(({ totalHits }) => totalHits).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    expect(results.some(({ isBlocked }) => isBlocked)).toBe(false);
  });

  it('never lets a client past the limit across replicas, whatever each holds unspent', async () => {
    const [replicaA, replicaB] = [new PgThrottlerStorage(database), new PgThrottlerStorage(database)];
    const shared = `${key}-shared`;
    const allowed = async (storage: PgThrottlerStorage, hits: number) => {
      let count = 0;
      for (let hit = 0; hit < hits; hit++) if (!(await storage.increment(shared, 60_000, 100, 60_000)).isBlocked) count += 1;
      return count;
    };
    const first = await allowed(replicaA, 1); // A claims 5 and spends 1
    const second = await allowed(replicaB, 120); // B may spend what is left of 100 after A's claim
    const third = await allowed(replicaA, 10); // A spends the 4 it still holds
    replicaA.stop();
    replicaB.stop();
    expect([first, second, third]).toEqual([1, 95, 4]);
  });

  it('sweeps the counters whose window has ended', async () => {
    await database.query("insert into gateway.rate_limit (key, hits, window_ends_at) values ($1, 9, now() - interval '1 minute')", [`${key}-ended`]);
    expect(await sut.sweep()).toBeGreaterThanOrEqual(1);
    expect((await database.query('select 1 from gateway.rate_limit where key = $1', [`${key}-ended`])).rowCount).toBe(0);
    expect((await database.query('select 1 from gateway.rate_limit where key = $1', [key])).rowCount).toBe(1);
  });
});
