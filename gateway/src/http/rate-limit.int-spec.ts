import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import pg from 'pg';
import { readEnv, runMigrations } from '@lipcast/nest-kit';
import { createGateway } from '../create-app';
import { ormConfig } from '../mikro-orm.config';
import { GatewaySettings } from '../settings';
import { claimSize, PgThrottlerStorage } from './pg-throttler-storage';

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
