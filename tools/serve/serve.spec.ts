/**
 * The stand-ins as processes of their own, as compose runs them: the identity provider under the
 * issuer URL browsers and the gateway share (not its listening address), the Stripe stand-in with
 * its checkout pages at a public origin; both stop cleanly on SIGTERM. Loopback only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';

const SERVE = resolve(__dirname);

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
}

/** Starts a serve script and waits until it has printed `ready` (or exited). */
function start(script: string, env: Record<string, string>, ready: string): Promise<Started> {
  const child = spawn(process.execPath, [join(SERVE, script)], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((done, fail) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) done({ child, output: () => output });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => (output.includes(ready) ? undefined : fail(new Error(`${script} exited with ${code}: ${output}`))));
  });
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((done) => {
    child.once('exit', (code) => done(code));
    child.kill('SIGTERM');
  });
}

function exitOf(script: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [join(SERVE, script)], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((done) => child.once('exit', (code) => done({ code, output })));
}

describe('tools/serve', () => {
  it('serves the development identity provider under the configured issuer, says it is for local evaluation, and stops on SIGTERM', async () => {
    const port = await freePort();
    const issuer = `http://oidc.localhost:${port}`;
    const provider = await start(
      'dev-identity-provider.ts',
      { DEV_OIDC_PORT: String(port), DEV_OIDC_ISSUER: issuer, DEV_OIDC_CLIENT_SECRET: 'secret', DEV_OIDC_APP_URLS: 'http://localhost:3000' },
      `issuer ${issuer}`,
    );
    const discovery = (await (await fetch(`http://127.0.0.1:${port}/.well-known/openid-configuration`)).json()) as { issuer: string };
    expect(discovery.issuer).toBe(issuer);
    expect(provider.output()).toContain('LOCAL EVALUATION ONLY');
    expect(await stop(provider.child)).toBe(0);
  });

  it('refuses to start the identity provider without its client secret', async () => {
    const { code, output } = await exitOf('dev-identity-provider.ts', { DEV_OIDC_APP_URLS: 'http://localhost:3000', DEV_OIDC_PORT: String(await freePort()) });
    expect(code).toBe(1);
    expect(output).toContain('DEV_OIDC_CLIENT_SECRET must be set');
  });

  it('serves the Stripe stand-in with its checkout pages at the public origin, in memory when its state folder is not writable', async () => {
    const port = await freePort();
    const publicUrl = `http://stripe.localhost:${port}`;
    const standIn = await start(
      'stripe-stand-in.ts',
      { STRIPE_STAND_IN_PORT: String(port), STRIPE_WEBHOOK_SECRET: 'whsec_test', STRIPE_STAND_IN_PUBLIC_URL: publicUrl, STRIPE_STAND_IN_STATE_FILE: '/nonexistent-folder/state.json' },
      'secret key',
    );
    expect(standIn.output()).toContain(`checkout pages at ${publicUrl};`);
    expect(standIn.output()).toContain('state is kept in memory only');
    const events = await fetch(`http://127.0.0.1:${port}/v1/events`, { headers: { authorization: 'Bearer sk_test_standin_lipcast_local' } });
    expect(events.status).toBe(200);
    expect(await stop(standIn.child)).toBe(0);
  });
});
