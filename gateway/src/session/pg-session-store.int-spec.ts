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
});
