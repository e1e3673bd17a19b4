import { createHmac, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import pg from 'pg';
import { readEnv, runMigrations } from '@lipcast/nest-kit';
import { createGateway } from '../create-app';
import { ormConfig } from '../mikro-orm.config';
import { SESSION_COOKIE } from '../session/session.middleware';
import { GatewaySettings } from '../settings';

const SESSION_SECRET = randomBytes(24).toString('hex');
const settings = readEnv(GatewaySettings, { ...process.env, SESSION_SECRET, RATE_LIMIT_STORE: 'memory' });

describe('GET and POST /api/logout', () => {
  const database = new pg.Pool({ connectionString: settings.DATABASE_URL, max: 2 });
  let gateway: INestApplication;
  let base: string;

  /** A signed-in session as the sign-in callback leaves it, and the cookie the browser holds for it. */
  async function signedIn(): Promise<{ sid: string; cookie: string }> {
    const sid = `logout-test-${randomBytes(8).toString('hex')}`;
    const expires = new Date(Date.now() + 3_600_000);
    await database.query('insert into gateway.session (sid, data, expires_at) values ($1, $2, $3)', [
      sid,
      JSON.stringify({ cookie: { originalMaxAge: 3_600_000, expires, httpOnly: true, path: '/' }, userId: 'user-logout-test' }),
      expires,
    ]);
    // express-session's signed cookie: "s:" + id + "." + base64 HMAC-SHA256 without padding.
    const signature = createHmac('sha256', SESSION_SECRET).update(sid).digest('base64').replace(/=+$/, '');
    return { sid, cookie: `${SESSION_COOKIE}=${encodeURIComponent(`s:${sid}.${signature}`)}` };
  }
  const sessionExists = async (sid: string) => (await database.query('select 1 from gateway.session where sid = $1', [sid])).rowCount === 1;

  beforeAll(async () => {
    await runMigrations(ormConfig(settings.DATABASE_URL));
    gateway = await createGateway(settings);
    await gateway.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(gateway.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await gateway?.close();
    await database.query("delete from gateway.session where sid like 'logout-test-%'");
    await database.end();
  });

  it('answers a cross-site link with a confirmation page and keeps the session', async () => {
    const { sid, cookie } = await signedIn();
    const crossSite: Record<string, string>[] = [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://elsewhere.example' }];
    for (const headers of crossSite) {
      const response = await fetch(`${base}/api/logout`, { redirect: 'manual', headers: { cookie, ...headers } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-store');
      const html = await response.text();
      expect(html).toContain('<form method="post" action="/api/logout">');
      expect(html).toContain('<button type="submit">Sign out</button>');
    }
    expect(await sessionExists(sid)).toBe(true);
  });

  it('signs out a navigation from this site, as before', async () => {
    for (const site of ['same-origin', 'same-site', null]) {
      const { sid, cookie } = await signedIn();
      const response = await fetch(`${base}/api/logout`, { redirect: 'manual', headers: { cookie, ...(site ? { 'sec-fetch-site': site } : {}) } });
      expect([site, response.status, response.headers.get('location')]).toEqual([site, 302, '/']);
      expect(await sessionExists(sid)).toBe(false);
    }
  });

  it("signs out with the confirmation page's POST, and refuses that POST from another site", async () => {
    const { sid, cookie } = await signedIn();
    const fromElsewhere = await fetch(`${base}/api/logout`, { method: 'POST', redirect: 'manual', headers: { cookie, origin: 'https://elsewhere.example' } });
    expect(fromElsewhere.status).toBe(403);
    expect(await sessionExists(sid)).toBe(true);

    const confirmed = await fetch(`${base}/api/logout`, { method: 'POST', redirect: 'manual', headers: { cookie, origin: base, 'sec-fetch-site': 'same-origin' } });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe('/');
    expect(await sessionExists(sid)).toBe(false);
  });
});
