/* eslint-disable @nx/enforce-module-boundaries -- the test runs the real generation service beside the gateway */
import { randomBytes, randomUUID } from 'node:crypto';
import { createConnection, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import pg from 'pg';
import { Messages } from '@lipcast/contracts';
import { readEnv, runMigrations, startServiceForTest, type RunningService } from '@lipcast/nest-kit';
import { generationService } from '../../../services/generation/src/service';
import { createGateway } from '../../../gateway/src/create-app';
import { ormConfig } from '../../../gateway/src/mikro-orm.config';
import { GatewaySettings } from '../../../gateway/src/settings';
import { signedInCookie } from '../../../gateway/src/session/testing';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../../gateway/src/http/error-response';

jest.setTimeout(60_000);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A TCP relay in front of PostgreSQL that can drop every connection through it and refuse new ones,
 * as a PostgreSQL that is restarting or out of reach does, for as long as the test wants (a
 * terminated backend alone is replaced by the pool within milliseconds).
 */
class PostgresRelay {
  private readonly sockets = new Set<Socket>();
  private readonly server: Server = createServer((client) => this.relay(client));
  private away = false;
  /** The database URL through the relay (set by `start`). */
  url = '';

  constructor(private readonly databaseUrl: string) {}

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const url = new URL(this.databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String((this.server.address() as AddressInfo).port);
    this.url = url.toString();
    return this;
  }

  private relay(client: Socket): void {
    if (this.away) return void client.destroy();
    const target = new URL(this.databaseUrl);
    const upstream = createConnection({ host: target.hostname, port: Number(target.port || 5432) });
    for (const [from, to] of [[client, upstream], [upstream, client]] as const) {
      this.sockets.add(from);
      from.pipe(to);
      from.on('error', () => to.destroy());
      from.on('close', () => {
        this.sockets.delete(from);
        to.destroy();
      });
    }
  }

  /** Drops every connection through the relay and refuses new ones until `restore`. */
  cut(): void {
    this.away = true;
    for (const socket of this.sockets) socket.destroy();
  }

  restore(): void {
    this.away = false;
  }

  close(): Promise<void> {
    this.cut();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * PostgreSQL or NATS out of reach answers 503 with `Retry-After` and the "temporarily unavailable"
 * text, never 500: the generation service's database (its handler's error crosses NATS as
 * UNAVAILABLE), the gateway's own (the session read), every backend of the database terminated
 * under requests, and the service gone from NATS. Each PostgreSQL is reached through a relay the
 * test can cut; the gateway and the generation service run in this process.
 */
describe('PostgreSQL or NATS away answers 503 with Retry-After, never 500', () => {
  const databaseUrl = process.env.DATABASE_URL!;
  const sessionSecret = randomBytes(24).toString('hex');
  // One connection, which the terminations spare (`pg_backend_pid()`); an idle one terminated is expected.
  const database = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  database.on('error', () => undefined);
  let gatewayDatabase: PostgresRelay;
  let generationDatabase: PostgresRelay;
  let generation: RunningService | undefined;
  let gateway: INestApplication | undefined;
  let base: string;
  let cookie: string;
  const userId = randomUUID();

  beforeAll(async () => {
    gatewayDatabase = await new PostgresRelay(databaseUrl).start();
    generationDatabase = await new PostgresRelay(databaseUrl).start();
    await runMigrations(ormConfig(databaseUrl));
    generation = await startServiceForTest(generationService, { DATABASE_URL: generationDatabase.url, GENERATION_ROLE: 'api' });
    gateway = await createGateway(readEnv(GatewaySettings, { ...process.env, DATABASE_URL: gatewayDatabase.url, SESSION_SECRET: sessionSecret }));
    await gateway.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(gateway.getHttpServer().address() as AddressInfo).port}`;
    cookie = await signedInCookie(database, sessionSecret, userId);
  });

  afterAll(async () => {
    await gateway?.close();
    await generation?.close();
    await gatewayDatabase?.close();
    await generationDatabase?.close();
    await database.query("delete from gateway.session where data::jsonb->>'userId' = $1", [userId]);
    await database.end();
  });

  /** A signed-in read that goes through the session (gateway's PostgreSQL) and the generation service (its PostgreSQL). */
  async function listInfluencers(): Promise<{ status: number; retryAfter: string | null; body: unknown }> {
    const response = await fetch(`${base}/api/ai-influencer/projects`, { headers: { cookie }, signal: AbortSignal.timeout(10_000) });
    const text = await response.text();
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text };
  }

  const unavailable = { status: 503, retryAfter: String(UNAVAILABLE_RETRY_AFTER_SECONDS), body: { message: Messages.serviceUnavailable } };

  /** Waits until the read answers 200 again (the pools reconnect by themselves). */
  async function answersAgain(): Promise<void> {
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await wait(100)) {
      if ((await listInfluencers()).status === 200) return;
    }
    throw new Error('the read did not answer 200 again within 10 s');
  }

  it("answers 503 while the service's PostgreSQL is away, then 200 again", async () => {
    expect(await listInfluencers()).toMatchObject({ status: 200, body: [] });

    generationDatabase.cut();
    try {
      expect(await listInfluencers()).toEqual(unavailable);
    } finally {
      generationDatabase.restore();
    }
    await answersAgain();
  });

  it("answers 503 while the gateway's own PostgreSQL is away (the session cannot be read), then 200 again", async () => {
    gatewayDatabase.cut();
    try {
      expect(await listInfluencers()).toEqual(unavailable);
    } finally {
      gatewayDatabase.restore();
    }
    await answersAgain();
  });

  it("answers 200 or 503 with Retry-After, never 500, while every backend of the test's database is terminated five times", async () => {
    const answers: Awaited<ReturnType<typeof listInfluencers>>[] = [];
    let terminating = true;
    const reads = (async () => {
      while (terminating) answers.push(await listInfluencers());
    })();
    for (let round = 0; round < 5; round++) {
      // Only this database's backends, never another's on the shared server; this pool's own one is spared.
      await database.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
      await wait(300);
    }
    terminating = false;
    await reads;

    const failures = answers.filter((answer) => answer.status !== 200);
    expect(failures.filter((answer) => JSON.stringify(answer) !== JSON.stringify(unavailable))).toEqual([]);
    // The terminations reached requests in flight or about to run (3 or 4 of the 5 rounds, measured), else this would prove nothing.
    expect(failures.length).toBeGreaterThan(0);
    await answersAgain();
  });

  it('answers 503 with Retry-After when the service is gone from NATS', async () => {
    await generation!.close();
    generation = undefined;
    expect(await listInfluencers()).toEqual(unavailable);
  });
});
