/* eslint-disable @nx/enforce-module-boundaries -- the test signs in through the dev identity provider against the real services */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import pg from 'pg';
import { readEnv, runMigrations, startServiceForTest, type RunningService } from '@lipcast/nest-kit';
import { authService } from '../../../services/auth/src/service';
import { billingService } from '../../../services/billing/src/service';
import { Browser } from '../../lib/browser';
import { createGateway } from '../../../gateway/src/create-app';
import { ormConfig } from '../../../gateway/src/mikro-orm.config';
import { GatewaySettings } from '../../../gateway/src/settings';
import { ADMIN_SIGN_IN_TOO_OLD } from '../../../gateway/src/admin/admin-role';
import { adminRoutes, adminRouteStatuses, everyAdminRoute } from './testing';

jest.setTimeout(60_000);

const CLIENT_ID = 'lipcast-admin-test';
const CLIENT_SECRET = 'admin-test-secret';
const SESSION_SECRET = randomBytes(24).toString('hex');
/** The operator ADMIN_USERS names by issuer and subject; with a "|" inside, as Auth0's subjects have. */
const GRACE_SUBJECT = 'auth0|grace-7f3a';
/** The operator ADMIN_USERS names by e-mail (the dev provider's address for "boss", verified). */
const BOSS_EMAIL = 'boss@lipcast.local';
const ADMIN_SESSION_MAX_HOURS = 12;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

/**
 * The admin role from a real issuer's ID token, checked on every admin request: ADMIN_USERS names
 * operators by issuer|subject or by an e-mail the issuer verified, never by a name users choose.
 */
describe('signing in as an operator through the dev identity provider', () => {
  const services: RunningService[] = [];
  let database: pg.Pool;
  let provider: ChildProcess;
  let gateway: INestApplication;
  let base: string;
  let env: NodeJS.ProcessEnv;
  let settings: GatewaySettings;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // --form-claims: the sign-in form may set sub, email and email_verified, to play users who differ only there.
    provider = spawn(
      process.execPath,
      ['tools/oidc/dev-provider.ts', '--port', String(await freePort()), '--client-id', CLIENT_ID, '--client-secret', CLIENT_SECRET, '--redirect', `${base}/api/callback`, '--form-claims'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const issuer = await new Promise<string>((resolve, reject) => {
      provider.once('exit', (code) => reject(new Error(`The dev identity provider exited with ${code}`)));
      provider.stdout?.on('data', (data: Buffer) => {
        const found = /OIDC_ISSUER=(\S+)/.exec(data.toString());
        if (found) resolve(found[1]);
      });
    });
    env = {
      ...process.env,
      PUBLIC_URL: base,
      OIDC_ISSUER_URL: issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      SESSION_SECRET,
      RATE_LIMIT_STORE: 'memory',
      SIGN_IN_RATE_LIMIT_PER_MINUTE: '1000',
      ADMIN_GROUPS: 'lipcast-admins',
      ADMIN_USERS: `${issuer}|${GRACE_SUBJECT}, Boss@Lipcast.local`,
      ADMIN_SESSION_MAX_HOURS: String(ADMIN_SESSION_MAX_HOURS),
    };
    settings = readEnv(GatewaySettings, env);
    database = new pg.Pool({ connectionString: settings.DATABASE_URL, max: 1 });
    await runMigrations(ormConfig(settings.DATABASE_URL));
    for (const service of [authService, billingService]) services.push(await startServiceForTest(service));
    gateway = await createGateway(settings);
    await gateway.listen(port, '127.0.0.1');
  });

  afterAll(async () => {
    await gateway?.close();
    for (const service of services.reverse()) await service.close();
    await database?.end();
    provider?.kill();
    if (provider) await once(provider, 'exit');
  });

  /** Signs in at the dev provider as `username`, with `claims` (sub, email, email_verified) where the test sets them; answers the session cookie. */
  async function signIn(username: string, claims: Record<string, string> = {}): Promise<string> {
    const browser = new Browser();
    const login = await browser.visit(`${base}/api/login`);
    const action = /<form[^>]*action="([^"]+)"/.exec(login.html)?.[1];
    if (!action) throw new Error(`No sign-in form (status ${login.status})`);
    await browser.visit(new URL(action.replaceAll('&amp;', '&'), login.url).href, { username, ...claims });
    return `lipcast.sid=${browser.cookie('lipcast.sid')}`;
  }

  const userOf = async (cookie: string, at = base) => (await (await fetch(`${at}/api/auth/user`, { headers: { cookie } })).json()) as { username: string; roles: string[] };
  const auditStatus = async (cookie: string, at = base) => (await fetch(`${at}/api/admin/audit`, { headers: { cookie } })).status;
  const signInAsGrace = () => signIn('Grace', { sub: GRACE_SUBJECT, email: 'grace@example.org' });

  it('makes operators of the issuer|subject and the verified e-mail ADMIN_USERS lists, and of the lipcast-admins group (usernames starting with "admin")', async () => {
    const signedIn = { grace: await signInAsGrace(), boss: await signIn('boss'), 'admin-ops': await signIn('admin-ops') };
    for (const [who, cookie] of Object.entries(signedIn)) {
      expect({ who, roles: (await userOf(cookie)).roles, audit: await auditStatus(cookie) }).toEqual({ who, roles: ['admin'], audit: 200 });
    }
  });

  it("refuses on every /api/admin route a user who takes the operator's name and username, and one who shows the operator's e-mail unverified", async () => {
    const grace = await signInAsGrace();
    // Another account (its own subject) whose display name and username are the operator's.
    const impostor = await signIn('Grace', { sub: 'grace-lookalike', email: 'lookalike@example.org' });
    expect((await userOf(impostor)).username).toBe((await userOf(grace)).username);
    // The operator's address, which this issuer has not verified for this account.
    const unverified = await signIn('mallory', { email: BOSS_EMAIL, email_verified: 'false' });

    const routes = adminRoutes(gateway);
    expect(routes.length).toBeGreaterThanOrEqual(15);
    for (const cookie of [impostor, unverified]) {
      expect((await userOf(cookie)).roles).toEqual([]);
      expect(await adminRouteStatuses(base, routes, cookie)).toEqual(everyAdminRoute(routes, 403));
    }
  });

  it('takes the role away on the next request once the operator is off the settings (a gateway started with other settings, on the same sessions)', async () => {
    const signedIn = { grace: await signInAsGrace(), boss: await signIn('boss'), 'admin-ops': await signIn('admin-ops') };
    const port = await freePort();
    const later = `http://127.0.0.1:${port}`;
    // Grace taken off ADMIN_USERS and the group off ADMIN_GROUPS; the e-mail entry stays.
    const restarted = await createGateway(readEnv(GatewaySettings, { ...env, PUBLIC_URL: later, ADMIN_USERS: BOSS_EMAIL, ADMIN_GROUPS: '' }));
    try {
      await restarted.listen(port, '127.0.0.1');
      const answers = async (at: string) =>
        Object.fromEntries(await Promise.all(Object.entries(signedIn).map(async ([who, cookie]) => [who, [await auditStatus(cookie, at), (await userOf(cookie, at)).roles]])));
      expect(await answers(base)).toEqual({ grace: [200, ['admin']], boss: [200, ['admin']], 'admin-ops': [200, ['admin']] });
      expect(await answers(later)).toEqual({ grace: [403, []], boss: [200, ['admin']], 'admin-ops': [403, []] });
    } finally {
      await restarted.close();
    }
  });

  it('sends an operator whose sign-in is older than ADMIN_SESSION_MAX_HOURS to sign in again (401 on the admin API only); signing in again lets them back', async () => {
    const cookie = await signIn('admin-late');
    expect(await auditStatus(cookie)).toBe(200);
    // The session as the store holds it, signed in ADMIN_SESSION_MAX_HOURS and a minute ago (it went on rolling meanwhile).
    const signed = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
    const sid = signed.slice('s:'.length, signed.lastIndexOf('.'));
    const aged = await database.query(`update gateway.session set data = jsonb_set(data, '{signedInAt}', to_jsonb($2::bigint)) where sid = $1`, [
      sid,
      Date.now() - ADMIN_SESSION_MAX_HOURS * 3_600_000 - 60_000,
    ]);
    expect(aged.rowCount).toBe(1);

    const refused = await fetch(`${base}/api/admin/audit`, { headers: { cookie } });
    expect({ status: refused.status, message: ((await refused.json()) as { message: string }).message }).toEqual({ status: 401, message: ADMIN_SIGN_IN_TOO_OLD });
    // Still signed in as a user, and still listed as an operator: the console asks, and the 401 sends them to sign in.
    expect((await userOf(cookie)).roles).toEqual(['admin']);
    const routes = adminRoutes(gateway);
    expect(await adminRouteStatuses(base, routes, cookie)).toEqual(everyAdminRoute(routes, 401));

    expect(await auditStatus(await signIn('admin-late'))).toBe(200);
  });
});
