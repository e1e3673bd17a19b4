import type { SessionData } from 'express-session';
import pg from 'pg';
import { readEnv, runMigrations, ServiceSettings } from '@lipcast/nest-kit';
import { ormConfig } from '../mikro-orm.config';
import { PgSessionStore } from './pg-session-store';

const settings = readEnv(ServiceSettings);
const HOUR = 3_600_000;

const sessionData = (userId: string, expires: Date): SessionData =>
  ({ cookie: { originalMaxAge: HOUR, expires, httpOnly: true, path: '/' }, userId }) as SessionData;

describe(PgSessionStore.name, () => {
  const pool = new pg.Pool({ connectionString: settings.DATABASE_URL });
  const sut = new PgSessionStore(pool, HOUR);
  const call = <T>(run: (callback: (error?: unknown, value?: T) => void) => void) =>
    new Promise<T | undefined>((resolve, reject) => run((error, value) => (error ? reject(error) : resolve(value))));
  const sid = `test-${Date.now()}`;

  beforeAll(() => runMigrations(ormConfig(settings.DATABASE_URL)));
  afterAll(async () => {
    await pool.query("delete from gateway.session where sid like 'test-%'");
    await pool.end();
  });

  it('stores, reads, rolls forward and destroys a session', async () => {
    await call((done) => sut.set(sid, sessionData('u1', new Date(Date.now() + HOUR)), done));
    expect(await call<SessionData | null>((done) => sut.get(sid, done))).toMatchObject({ userId: 'u1' });

    const later = new Date(Date.now() + 5 * HOUR);
    await call((done) => sut.touch(sid, sessionData('u1', later), done));
    const { rows } = await pool.query('select expires_at from gateway.session where sid = $1', [sid]);
    expect(new Date(rows[0].expires_at).getTime()).toBe(later.getTime());

    await call((done) => sut.destroy(sid, done));
    expect(await call((done) => sut.get(sid, done))).toBeNull();
  });

  it('never returns an expired session, and sweeps it away', async () => {
    const expired = `${sid}-expired`;
    await call((done) => sut.set(expired, sessionData('u2', new Date(Date.now() - 1000)), done));
    expect(await call((done) => sut.get(expired, done))).toBeNull();
    expect(await sut.sweep()).toBeGreaterThanOrEqual(1);
    expect((await pool.query('select 1 from gateway.session where sid = $1', [expired])).rowCount).toBe(0);
  });

  it('writes a rolled expiry at most once per touch interval', async () => {
    const touchIntervalMs = 5 * 60_000;
    const rolling = new PgSessionStore(pool, HOUR, touchIntervalMs);
    const rolled = `${sid}-rolled`;
    const storedExpiry = async () => new Date((await pool.query('select expires_at from gateway.session where sid = $1', [rolled])).rows[0].expires_at).getTime();
    const touchWith = (expires: number) => call((done) => rolling.touch(rolled, sessionData('u3', new Date(expires)), done));

    const first = Date.now() + HOUR;
    await call((done) => rolling.set(rolled, sessionData('u3', new Date(first)), done));
    // Two requests a few seconds and a few minutes later: the row keeps the expiry written first.
    await touchWith(first + 5_000);
    await touchWith(first + touchIntervalMs - 1);
    expect(await storedExpiry()).toBe(first);
    // A request once the interval has passed writes its expiry.
    await touchWith(first + touchIntervalMs);
    expect(await storedExpiry()).toBe(first + touchIntervalMs);
    expect(await call((done) => rolling.get(rolled, done))).toMatchObject({ userId: 'u3' });
  });

  it('does not ask PostgreSQL to roll an expiry it read or wrote less than a touch interval ago', async () => {
    const touchIntervalMs = 5 * 60_000;
    const rolling = new PgSessionStore(pool, HOUR, touchIntervalMs);
    const known = `${sid}-known`;
    const first = Date.now() + HOUR;
    await call((done) => rolling.set(known, sessionData('u4', new Date(first)), done));
    // Another writer moves the stored expiry back; this process still holds the expiry it wrote.
    const movedBack = first - touchIntervalMs;
    await pool.query('update gateway.session set expires_at = $2 where sid = $1', [known, new Date(movedBack)]);
    await call((done) => rolling.touch(known, sessionData('u4', new Date(first + 5_000)), done));
    const storedExpiry = async () => new Date((await pool.query('select expires_at from gateway.session where sid = $1', [known])).rows[0].expires_at).getTime();
    expect(await storedExpiry()).toBe(movedBack);
    // Once it reads the row again, it knows better and rolls it.
    await call((done) => rolling.get(known, done));
    await call((done) => rolling.touch(known, sessionData('u4', new Date(first + 5_000)), done));
    expect(await storedExpiry()).toBe(first + 5_000);
  });

  it('sees at once a session ended by another replica', async () => {
    const replicaA = new PgSessionStore(pool, HOUR, 5 * 60_000);
    const replicaB = new PgSessionStore(pool, HOUR, 5 * 60_000);
    const shared = `${sid}-shared`;
    await call((done) => replicaA.set(shared, sessionData('u5', new Date(Date.now() + HOUR)), done));
    expect(await call((done) => replicaA.get(shared, done))).toMatchObject({ userId: 'u5' });
    await call((done) => replicaB.destroy(shared, done));
    expect(await call((done) => replicaA.get(shared, done))).toBeNull();
    // Nor does a request that arrives with the ended session bring its row back.
    await call((done) => replicaA.touch(shared, sessionData('u5', new Date(Date.now() + 2 * HOUR)), done));
    expect((await pool.query('select 1 from gateway.session where sid = $1', [shared])).rowCount).toBe(0);
  });
});
