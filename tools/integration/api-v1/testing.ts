/* eslint-disable @nx/enforce-module-boundaries -- the tests run the real services beside the gateway */
/**
 * For the public API's integration tests: the gateway in this process against the real services,
 * signed-in users with API keys made in the profile's session routes, and calls to `/api/v1` with
 * the bearer header.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import pg from 'pg';
import { Subjects, type ApiKeyScope, type AuthUser, type CreateApiKeyBody, type CreatedApiKey } from '@lipcast/contracts';
import { readEnv, runMigrations, startServiceForTest, StorageService, type RunningService, type ServiceClient, type ServiceDefinition } from '@lipcast/nest-kit';
import { authService } from '../../../services/auth/src/service';
import { seedActorClip } from '../../../services/generation/src/testing';
import { createGateway } from '../../../gateway/src/create-app';
import { ormConfig } from '../../../gateway/src/mikro-orm.config';
import { GatewaySettings } from '../../../gateway/src/settings';
import { signedInCookie } from '../../../gateway/src/session/testing';

export interface PublicApiTestBedOptions {
  /** The services to run in this process, started in this order: auth (for the users) and those the tests need. */
  services: ServiceDefinition[];
  /** Environment the services read over this process's (e.g. `WEBHOOK_ALLOW_LOOPBACK`). */
  serviceEnv?: NodeJS.ProcessEnv;
  /** A built-in actor whose clip is put in the store first, for tests that make videos. */
  actorClip?: string;
}

/** A gateway started apart from the test bed's (see `startGateway`); the test closes it. */
export interface StartedGateway {
  gateway: INestApplication;
  base: string;
}

export interface PublicApiTestBed {
  database: pg.Pool;
  /** The gateway's address, e.g. `http://127.0.0.1:40123`. */
  base: string;
  /** The client of one of the services the test bed started. */
  client(service: ServiceDefinition): ServiceClient;
  /** Another gateway of the same settings and session secret, with `env` over them (e.g. a lower rate limit). */
  startGateway(env: Record<string, string>): Promise<StartedGateway>;
  /** A signed-in user as a sign-in leaves them: the user and their session cookie; with `email`, the address mail goes to. */
  newUser(name: string, email?: string): Promise<{ user: AuthUser; cookie: string }>;
  /** A call to a session route under `/api`, same-site as the profile's are. */
  session(cookie: string, method: string, path: string, body?: unknown): Promise<Response>;
  /** Creates a key through the profile's session route (throws unless it answered 201). */
  createKey(cookie: string, body: CreateApiKeyBody): Promise<CreatedApiKey>;
  /** A signed-in user with a key of these scopes, named `name` (with `email`, the address mail goes to). */
  newCaller(name: string, scopes?: ApiKeyScope[], email?: string): Promise<{ user: AuthUser; cookie: string; key: string }>;
  /** A call to `/api/v1` with the key as bearer; a body is sent as JSON. */
  call(key: string, method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  /** Stops the gateway and the services and removes what the test bed made (sessions, scratch folder). */
  close(): Promise<void>;
}

/** A response's status and JSON body, to compare in one assertion. */
export const answer = async (response: Response) => ({ status: response.status, body: (await response.json()) as unknown });

async function listen(settings: GatewaySettings): Promise<StartedGateway> {
  const gateway = await createGateway(settings);
  await gateway.listen(0, '127.0.0.1');
  return { gateway, base: `http://127.0.0.1:${(gateway.getHttpServer().address() as AddressInfo).port}` };
}

/** Starts the services and a gateway on a free port, on the test environment's database, NATS and store. */
export async function startPublicApiTestBed(options: PublicApiTestBedOptions): Promise<PublicApiTestBed> {
  const sessionSecret = randomBytes(24).toString('hex');
  const settingsWith = (env: Record<string, string>) => readEnv(GatewaySettings, { ...process.env, SESSION_SECRET: sessionSecret, RATE_LIMIT_STORE: 'memory', ...env });
  const settings = settingsWith({});
  const database = new pg.Pool({ connectionString: settings.DATABASE_URL, max: 2 });
  const running = new Map<ServiceDefinition, RunningService>();
  const userIds: string[] = [];
  let folder: string | undefined;
  let gateway: INestApplication | undefined;
  let base = '';

  const close = async () => {
    await gateway?.close();
    for (const service of [...running.values()].reverse()) await service.close();
    await database.query("delete from gateway.session where data::jsonb->>'userId' = any($1)", [userIds]);
    await database.end();
    if (folder) await rm(folder, { recursive: true, force: true });
  };

  try {
    if (options.actorClip) {
      folder = await mkdtemp(join(tmpdir(), 'api-v1-'));
      await seedActorClip(new StorageService(settings), options.actorClip, folder);
    }
    await runMigrations(ormConfig(settings.DATABASE_URL));
    for (const service of options.services) running.set(service, await startServiceForTest(service, options.serviceEnv));
    ({ gateway, base } = await listen(settings));
  } catch (error) {
    await close();
    throw error;
  }

  const client = (service: ServiceDefinition) => {
    const started = running.get(service);
    if (!started) throw new Error(`The test bed did not start ${service.name}`);
    return started.client;
  };
  const session = (cookie: string, method: string, path: string, body?: unknown) =>
    fetch(`${base}/api${path}`, {
      method,
      headers: { cookie, origin: base, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const newUser = async (name: string, email?: string) => {
    const user = await client(authService).send(Subjects.auth.userUpsert, { issuer: 'https://idp.test', subject: `${name}-${randomBytes(4).toString('hex')}`, username: name, email });
    userIds.push(user.id);
    return { user, cookie: await signedInCookie(database, sessionSecret, user.id) };
  };
  const createKey = async (cookie: string, body: CreateApiKeyBody) => {
    const response = await session(cookie, 'POST', '/api-keys', body);
    if (response.status !== 201) throw new Error(`creating the key answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as CreatedApiKey;
  };

  return {
    database,
    base,
    client,
    startGateway: (env) => listen(settingsWith(env)),
    newUser,
    session,
    createKey,
    async newCaller(name, scopes = ['videos:read', 'videos:write'], email) {
      const { user, cookie } = await newUser(name, email);
      return { user, cookie, key: (await createKey(cookie, { name, scopes })).key };
    },
    call: (key, method, path, body, headers = {}) =>
      fetch(`${base}/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }),
    close,
  };
}
