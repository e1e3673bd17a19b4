/**
 * The local infrastructure the platform needs (PostgreSQL, NATS) and the pieces the tools start
 * themselves (databases, a private NATS for tests, the embedded S3 server).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import pg from 'pg';
import { installedNatsServer } from './nats-server.ts';

export const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/lipcast';
export const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';

/** Commands that start the machine's own services (Debian packages), for the messages. */
export const START_HINTS = {
  nats: 'nats-server -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server &   (Debian: apt-get install nats-server)',
} as const;

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

export async function canConnectPostgres(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres'), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export function canConnectTcp(url: string, timeoutMs = 2000): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Creates the database if missing; with `fresh`, drops it first (tests and benches start clean). */
export async function ensureDatabase(url: string, { fresh = false } = {}): Promise<void> {
  const name = databaseName(url);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unsupported database name "${name}"`);
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    if (fresh) await admin.query(`drop database if exists ${name} with (force)`);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}

/** Ports below the kernel's ephemeral range (32768-60999 here): no outgoing connection takes one between the pick and the listen. */
const FIRST_PORT = 20_000;
const PORTS_PER_WORKER = 1_000;
const WORKER_BLOCKS = 12;
let portsPicked = 0;

/**
 * A TCP port free on the loopback address now, for a server about to start. Test workers start
 * stacks at the same moment, so each picks from a block of its own (Playwright's
 * `TEST_PARALLEL_INDEX`, Jest's `JEST_WORKER_ID`; the driver and `npm start` use block 0): two
 * workers never pick the same port between checking it and binding it. Within a block, a process
 * starts at an offset of its own and goes on from there.
 */
export async function freePort(): Promise<number> {
  const worker = Number(process.env.TEST_PARALLEL_INDEX ?? process.env.JEST_WORKER_ID ?? 0) % WORKER_BLOCKS;
  const start = (process.pid * 37) % PORTS_PER_WORKER;
  for (let tries = 0; tries < PORTS_PER_WORKER; tries++) {
    const port = FIRST_PORT + worker * PORTS_PER_WORKER + ((start + portsPicked++) % PORTS_PER_WORKER);
    if (await canListen(port)) return port;
  }
  throw new Error(`No free port in ${FIRST_PORT + worker * PORTS_PER_WORKER}-${FIRST_PORT + (worker + 1) * PORTS_PER_WORKER - 1}`);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export interface PrivateNats {
  url: string;
  pid?: number;
  stop(): Promise<void>;
}

export interface PrivateNatsOptions {
  /** A nats-server configuration file (e.g. deploy/nats/nats-server.conf); address, port and store stay the test's own. */
  configFile?: string;
  /** Extra environment of the server: the variables the configuration refers to (`$GATEWAY_NATS_PASS`…). */
  env?: Record<string, string>;
  /** The binary to run; by default the one installed on this machine (tools/lib/nats-server.ts), if any. */
  binary?: string;
}

/**
 * A nats-server of our own with JetStream, its store in `directory`, on a free loopback port. Tests
 * run one (when the binary is installed) so that processes of another run on the shared NATS can
 * never answer their requests; without the binary they fall back to NATS_URL. The launcher runs one
 * when no NATS is configured or running (tools/lib/dependencies.ts).
 */
export async function startPrivateNats(directory: string, options: PrivateNatsOptions = {}): Promise<PrivateNats | null> {
  const binary = options.binary ?? installedNatsServer();
  if (!binary) return null;
  mkdirSync(directory, { recursive: true });
  const port = await freePort();
  // Command-line flags override the configuration file's address, port and JetStream store.
  const config = options.configFile ? ['-c', options.configFile] : [];
  const child: ChildProcess = spawn(binary, [...config, '-a', '127.0.0.1', '-p', String(port), '-js', '-sd', directory], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...options.env },
  });
  // The server logs to stderr; the last lines say why it did not start (e.g. a bad configuration).
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-2000)));
  const url = `nats://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  while (!(await canConnectTcp(url, 500))) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`nats-server did not start on ${url}:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
