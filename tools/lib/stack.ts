/**
 * Starts the whole platform as child processes on one machine: the embedded S3 server (unless an
 * S3 endpoint is configured), the local mail catcher (unless `SMTP_URL` is), the services' migrations (a deliberate step before any replica starts),
 * the four services and the gateway. Used by `npm start`, the end-to-end tests and the benchmarks.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync, type WriteStream } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { startEmbeddedS3, type EmbeddedS3 } from '../embedded-s3.ts';
import { DEV_ADMIN_GROUP, startDevIdentityProvider, type DevIdentityProvider } from '../oidc/dev-provider.ts';
import { startStripeStandIn, type StripeStandIn } from '../stripe/stand-in.ts';
import { startMailCatcher, type MailCatcher } from '../mail/catcher.ts';
import { DEFAULT_DATABASE_URL, ensureDatabase, freePort, startPrivateNats, waitFor, withDatabase } from './infra.ts';
import { DEFAULT_OPS_PORTS, everyServiceUp, readStatus } from './ops-status.ts';
import { EXIT_WITH_PARENT } from './processes.ts';
import { copySeedTemplate } from './seed-template.ts';
import { removeStackFile, stackFileIn, writeStackFile } from './stack-file.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
export const SERVICES = ['auth', 'generation', 'billing', 'content'] as const;
export type ServiceName = (typeof SERVICES)[number];
export type ProcessName = ServiceName | 'gateway';
/** The object store's bucket when none is configured. */
export const DEFAULT_BUCKET = 'lipcast-media';

export interface StackOptions {
  port: number;
  databaseUrl: string;
  natsUrl: string;
  /** Folder for the embedded S3 data and, when `logToFiles`, the processes' logs. */
  dataDir: string;
  /** A real OpenID Connect issuer; without it the embedded development provider is started. */
  oidc?: { issuerUrl: string; clientId: string; clientSecret: string };
  /** Real Stripe keys; without them the local Stripe stand-in is started (hosted checkout, signed webhooks). */
  stripe?: { secretKey: string; webhookSecret: string; publishableKey?: string };
  /** A real SMTP relay (`smtp://` or `smtps://user:pass@host:port`); without it the local mail catcher is started. */
  smtpUrl?: string;
  /** A real S3/MinIO endpoint; without it the embedded server is started. */
  s3?: { endpoint: string; accessKey: string; secretKey: string; bucket?: string };
  /** Extra environment for every process (for example a higher rate limit for benchmarks). */
  env?: Record<string, string>;
  logToFiles?: boolean;
  readyTimeoutMs?: number;
  /** Each process's operator-only port (`OPS_PORT`); a process left out uses its own default (9400-9404). */
  opsPorts?: Partial<Record<ProcessName, number>>;
}

export interface Stack {
  url: string;
  env: Record<string, string>;
  /** The operator-only listener of each process (`/healthz`, `/readyz`, `/status`). */
  opsUrls: Record<ProcessName, string>;
  /** The local mail catcher's page (its JSON API under `/api/messages`), when no SMTP relay is configured. */
  mailUrl?: string;
  /** Where operator commands (`npm run remote`) read this stack's NATS and object store while it runs (tools/lib/stack-file.ts). */
  stackFile: string;
  /** The process id of a running process (benchmarks read its memory). */
  pid(name: ProcessName): number | undefined;
  /** Stops one process (a service or the gateway) while the others run on. */
  stopService(name: ProcessName): Promise<void>;
  /** Starts a stopped process again (not waiting until it is ready), with `env` over the stack's own: a test that needs other settings for a while. */
  startService(name: ProcessName, env?: Record<string, string>): Promise<void>;
  stop(): Promise<void>;
}

/** A process's entry points: `main` serves; `migrate` and `seed` run once before the services start. */
type EntryPoint = 'main' | 'migrate' | 'seed';

const entry = (name: ProcessName, file: EntryPoint) =>
  name === 'gateway' ? join(ROOT, `gateway/dist/${file}.js`) : join(ROOT, `services/${name}/dist/${file}.js`);

const COLORS: Record<ProcessName, number> = { gateway: 36, auth: 35, generation: 33, billing: 32, content: 34 };

const DEV_CLIENT = { clientId: 'lipcast', clientSecret: randomBytes(24).toString('base64url') };

/** The embedded issuer, with the gateway registered under both names of this machine. */
function startDevIdentity(gatewayPort: number): Promise<DevIdentityProvider> {
  const origins = [`http://localhost:${gatewayPort}`, `http://127.0.0.1:${gatewayPort}`];
  return freePort().then((port) =>
    startDevIdentityProvider({
      port,
      clients: [{ ...DEV_CLIENT, redirectUris: origins.map((origin) => `${origin}/api/callback`), postLogoutRedirectUris: origins.map((origin) => `${origin}/`) }],
    }),
  );
}

const LOCAL_WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64url')}`;

/** The Stripe stand-in, delivering its events to this gateway's webhook; its state survives restarts. */
async function startLocalStripe(gatewayPort: number, dataDir: string): Promise<StripeStandIn> {
  mkdirSync(dataDir, { recursive: true });
  return startStripeStandIn({
    port: await freePort(),
    webhookUrl: `http://127.0.0.1:${gatewayPort}/api/stripe/webhook`,
    webhookSecret: LOCAL_WEBHOOK_SECRET,
    stateFile: join(dataDir, 'stripe-stand-in.json'),
  });
}

/** Where browsers fetch media from: the external store's `S3_PUBLIC_URL`, or the embedded store while everything is on loopback. */
function mediaOrigin(embeddedS3: EmbeddedS3 | null): string | undefined {
  if (!embeddedS3) return process.env.S3_PUBLIC_URL;
  const loopback = ['127.0.0.1', 'localhost'].includes(process.env.HOST ?? '127.0.0.1');
  return loopback ? embeddedS3.endpoint : undefined;
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const logDir = join(options.dataDir, 'logs');
  if (options.logToFiles) mkdirSync(logDir, { recursive: true });
  const embeddedS3: EmbeddedS3 | null = options.s3
    ? null
    : await startEmbeddedS3({ port: await freePort(), directory: join(options.dataDir, 's3') });
  const s3 = options.s3 ?? embeddedS3!;
  const devIdentityProvider: DevIdentityProvider | null = options.oidc ? null : await startDevIdentity(options.port);
  const oidc = options.oidc ?? { issuerUrl: devIdentityProvider!.issuer, clientId: DEV_CLIENT.clientId, clientSecret: DEV_CLIENT.clientSecret };
  const stripeStandIn: StripeStandIn | null = options.stripe ? null : await startLocalStripe(options.port, options.dataDir);
  const stripe: Record<string, string> = options.stripe
    ? { STRIPE_SECRET_KEY: options.stripe.secretKey, STRIPE_WEBHOOK_SECRET: options.stripe.webhookSecret, ...(options.stripe.publishableKey ? { STRIPE_PUBLISHABLE_KEY: options.stripe.publishableKey } : {}) }
    : { STRIPE_SECRET_KEY: stripeStandIn!.secretKey, STRIPE_WEBHOOK_SECRET: LOCAL_WEBHOOK_SECRET, STRIPE_API_URL: stripeStandIn!.url, STRIPE_CHECKOUT: 'hosted' };
  const mailCatcher: MailCatcher | null = options.smtpUrl ? null : await startMailCatcher();
  const publicMediaUrl = mediaOrigin(embeddedS3);
  const env: Record<string, string> = {
    DATABASE_URL: options.databaseUrl,
    NATS_URL: options.natsUrl,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY: s3.accessKey,
    S3_SECRET_KEY: s3.secretKey,
    S3_BUCKET: options.s3?.bucket ?? process.env.S3_BUCKET ?? DEFAULT_BUCKET,
    // Browsers fetch media bytes from the store itself (presigned redirects): the embedded store listens
    // on loopback, so only while the site does too; an external store names its public address.
    ...(publicMediaUrl ? { S3_PUBLIC_URL: publicMediaUrl } : {}),
    PORT: String(options.port),
    HOST: process.env.HOST ?? '127.0.0.1',
    WEB_ROOT: ROOT,
    OIDC_ISSUER_URL: oidc.issuerUrl,
    OIDC_CLIENT_ID: oidc.clientId,
    OIDC_CLIENT_SECRET: oidc.clientSecret,
    // Operators of the console: the dev identity provider puts usernames starting with "admin" in this group.
    ...(devIdentityProvider ? { ADMIN_GROUPS: process.env.ADMIN_GROUPS || DEV_ADMIN_GROUP } : {}),
    ...stripe,
    SMTP_URL: options.smtpUrl ?? mailCatcher!.smtpUrl,
    ...options.env,
  };
  const children = new Map<ProcessName, ChildProcess>();
  let stopping = false;
  const logFiles: WriteStream[] = [];

  const pipeOutput = (name: ProcessName, child: ChildProcess) => {
    if (options.logToFiles) {
      const file = createWriteStream(join(logDir, `${name}.log`), { flags: 'a' });
      logFiles.push(file);
      child.stdout!.pipe(file, { end: false });
      child.stderr!.pipe(file, { end: false });
      return;
    }
    const prefix = `\x1b[${COLORS[name]}m${name.padEnd(10)}\x1b[0m| `;
    for (const stream of [child.stdout!, child.stderr!]) {
      let pending = '';
      stream.on('data', (chunk: Buffer) => {
        const lines = (pending + chunk.toString()).split('\n');
        pending = lines.pop()!;
        for (const line of lines) process.stdout.write(prefix + line + '\n');
      });
    }
  };

  const run = (name: ProcessName, file: EntryPoint, extraEnv: Record<string, string> = {}): ChildProcess => {
    const opsPort = options.opsPorts?.[name];
    const child = spawn(process.execPath, ['--enable-source-maps', '--require', EXIT_WITH_PARENT, entry(name, file)], {
      cwd: ROOT,
      env: { ...process.env, ...env, ...extraEnv, ...(opsPort === undefined ? {} : { OPS_PORT: String(opsPort) }) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    pipeOutput(name, child);
    return child;
  };

  const runToEnd = (name: ProcessName, file: 'migrate' | 'seed') =>
    new Promise<void>((resolvePromise, reject) => {
      run(name, file).once('exit', (code) => (code === 0 ? resolvePromise() : reject(new Error(`The ${file} step of ${name} failed (exit ${code})`))));
    });

  const startProcess = async (name: ProcessName, extraEnv: Record<string, string> = {}) => {
    const child = run(name, 'main', extraEnv);
    children.set(name, child);
    child.once('exit', (code, signal) => {
      if (children.get(name) === child) {
        children.delete(name);
        if (!stopping) console.error(`[lipcast] ${name} exited (${signal ?? code})`);
      }
    });
  };

  const stopProcess = (name: ProcessName) => {
    const child = children.get(name);
    if (!child) return Promise.resolve();
    children.delete(name);
    return new Promise<void>((resolvePromise) => {
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(killer);
        resolvePromise();
      });
      child.kill('SIGTERM');
    });
  };

  const stackFile = stackFileIn(options.dataDir);
  const stop = async () => {
    stopping = true;
    removeStackFile(stackFile);
    await Promise.all([...children.keys()].map(stopProcess));
    await embeddedS3?.stop();
    await devIdentityProvider?.stop();
    await stripeStandIn?.stop();
    await mailCatcher?.stop();
    for (const file of logFiles) file.end();
  };

  const url = `http://${env.HOST}:${options.port}`;
  const opsUrls = Object.fromEntries(
    (['gateway', ...SERVICES] as const).map((name) => [name, `http://127.0.0.1:${options.opsPorts?.[name] ?? DEFAULT_OPS_PORTS[name]}`]),
  ) as Record<ProcessName, string>;
  try {
    for (const name of [...SERVICES, 'gateway'] as const) await runToEnd(name, 'migrate');
    // The built-in actors and the landing page's samples, drawn once per object store.
    await runToEnd('generation', 'seed');
    for (const service of SERVICES) await startProcess(service);
    await startProcess('gateway');
    await waitFor(
      `every service up on the gateway's status view (${opsUrls.gateway}/status)`,
      async () => {
        const exited = ['gateway', ...SERVICES].filter((name) => !children.has(name as ProcessName));
        if (exited.length) throw new Error(`${exited.join(', ')} exited during start-up (see the log above${options.logToFiles ? ` or in ${logDir}` : ''})`);
        return everyServiceUp(await readStatus(opsUrls.gateway, env.OPS_TOKEN ?? process.env.OPS_TOKEN));
      },
      options.readyTimeoutMs ?? 60_000,
    );
    writeStackFile(stackFile, env);
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url,
    env,
    opsUrls,
    ...(mailCatcher ? { mailUrl: mailCatcher.url } : {}),
    stackFile,
    pid: (name) => children.get(name)?.pid,
    stopService: (name) => stopProcess(name),
    startService: (name, extraEnv) => startProcess(name, extraEnv),
    stop,
  };
}

/**
 * A stack of its own for tests and benchmarks: a fresh database, a private NATS (when nats-server
 * is installed) and the embedded S3 server, on free ports, logging to files under `.data/<name>`.
 */
export async function startIsolatedStack(name: string, options: { databaseUrl?: string; env?: Record<string, string>; seedTemplate?: string } = {}): Promise<Stack> {
  const databaseUrl = options.databaseUrl ?? withDatabase(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL, `lipcast_${name}`);
  await ensureDatabase(databaseUrl, { fresh: true });
  const dataDir = join(ROOT, '.data', name);
  rmSync(dataDir, { recursive: true, force: true }); // fresh database, so fresh stand-in state and logs too
  // The built-in media drawn once for the whole test run (tools/lib/seed-template.ts): the seed step finds them.
  copySeedTemplate(options.seedTemplate, join(dataDir, 's3'), options.env?.S3_BUCKET ?? process.env.S3_BUCKET ?? DEFAULT_BUCKET);
  const nats = await startPrivateNats(join(dataDir, 'nats'));
  try {
    const opsPorts: Partial<Record<ProcessName, number>> = {};
    // Ports of their own, so a test stack runs beside `npm start` (which keeps the default ops ports).
    for (const processName of ['gateway', ...SERVICES] as const) opsPorts[processName] = await freePort();
    const stack = await startStack({
      port: await freePort(),
      opsPorts,
      databaseUrl,
      natsUrl: nats?.url ?? process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
      dataDir,
      logToFiles: true,
      env: options.env,
    });
    return { ...stack, stop: async () => { await stack.stop(); await nats?.stop(); } };
  } catch (error) {
    await nats?.stop();
    throw error;
  }
}
