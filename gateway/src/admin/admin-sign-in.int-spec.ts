/* eslint-disable @nx/enforce-module-boundaries -- the test signs in through the dev identity provider against the real services */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { readEnv, runMigrations, startServiceForTest, type RunningService } from '@lipcast/nest-kit';
import { authService } from '../../../services/auth/src/service';
import { billingService } from '../../../services/billing/src/service';
import { Browser } from '../../../tools/lib/browser';
import { createGateway } from '../create-app';
import { ormConfig } from '../mikro-orm.config';
import { GatewaySettings } from '../settings';

jest.setTimeout(60_000);

const CLIENT_ID = 'lipcast-admin-test';
const CLIENT_SECRET = 'admin-test-secret';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** The admin role is decided at sign-in from a real issuer's ID token: the dev provider's group, or ADMIN_USERS. */
describe('signing in as an operator through the dev identity provider', () => {
  const services: RunningService[] = [];
  let provider: ChildProcess;
  let gateway: INestApplication;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    provider = spawn(
      process.execPath,
      ['tools/oidc/dev-provider.ts', '--port', String(await freePort()), '--client-id', CLIENT_ID, '--client-secret', CLIENT_SECRET, '--redirect', `${base}/api/callback`],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const issuer = await new Promise<string>((resolve, reject) => {
      provider.once('exit', (code) => reject(new Error(`The dev identity provider exited with ${code}`)));
      provider.stdout?.on('data', (data: Buffer) => {
        const found = /OIDC_ISSUER=(\S+)/.exec(data.toString());
        if (found) resolve(found[1]);
      });
    });
    const settings = readEnv(GatewaySettings, {
      ...process.env,
      PUBLIC_URL: base,
      OIDC_ISSUER_URL: issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      RATE_LIMIT_STORE: 'memory',
      ADMIN_GROUPS: 'lipcast-admins',
      ADMIN_USERS: 'grace, boss@lipcast.local',
    });
    await runMigrations(ormConfig(settings.DATABASE_URL));
    for (const service of [authService, billingService]) services.push(await startServiceForTest(service));
    gateway = await createGateway(settings);
    await gateway.listen(port, '127.0.0.1');
  });

  afterAll(async () => {
    await gateway?.close();
    for (const service of services.reverse()) await service.close();
    provider?.kill();
    if (provider) await once(provider, 'exit');
  });

  async function signIn(username: string): Promise<string> {
    const browser = new Browser();
    const login = await browser.visit(`${base}/api/login`);
    const action = /<form[^>]*action="([^"]+)"/.exec(login.html)?.[1];
    if (!action) throw new Error(`No sign-in form (status ${login.status})`);
    await browser.visit(new URL(action.replaceAll('&amp;', '&'), login.url).href, { username });
    return `lipcast.sid=${browser.cookie('lipcast.sid')}`;
  }

  const rolesOf = async (cookie: string) => ((await (await fetch(`${base}/api/auth/user`, { headers: { cookie } })).json()) as { roles: string[] }).roles;
  const auditStatus = async (cookie: string) => (await fetch(`${base}/api/admin/audit`, { headers: { cookie } })).status;

  it('makes an operator of a username starting with "admin" (the lipcast-admins group) and of ADMIN_USERS, by name or e-mail', async () => {
    for (const username of ['admin-ops', 'Grace', 'boss']) {
      const cookie = await signIn(username);
      expect({ username, roles: await rolesOf(cookie), audit: await auditStatus(cookie) }).toEqual({ username, roles: ['admin'], audit: 200 });
    }
  });

  it('gives anyone else no role and 403 on the admin API', async () => {
    const cookie = await signIn('ada');
    expect(await rolesOf(cookie)).toEqual([]);
    expect(await auditStatus(cookie)).toBe(403);
  });
});
