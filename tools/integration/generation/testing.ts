/* eslint-disable @nx/enforce-module-boundaries -- the tests run the real billing and generation services beside the gateway */
/**
 * For the influencer routes' integration tests: the gateway in this process against the real billing
 * and generation services, signed-in sessions for made-up users, and the pictures the face check judges.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import pg from 'pg';
import { makeFaceFixture, type FaceFixture } from '@lipcast/media-engine';
import { readEnv, runMigrations, startServiceForTest, StorageService, type RunningService, type ServiceClient } from '@lipcast/nest-kit';
import { billingService } from '../../../services/billing/src/service';
import { generationService } from '../../../services/generation/src/service';
import { createGateway } from '../../../gateway/src/create-app';
import { ormConfig } from '../../../gateway/src/mikro-orm.config';
import { GatewaySettings } from '../../../gateway/src/settings';
import { signedInCookie } from '../../../gateway/src/session/testing';

/** The sample sheet that ships with the face-landmark package (1280x1158 JPEG, 267 KB): many small faces, which the face check refuses. */
export const SAMPLE_SHEET = readFileSync(join(dirname(require.resolve('@vladmandic/human')), '..', 'assets', 'samples.jpg'));

/** A picture as the Creator uploads it. */
export const dataUrl = (bytes: Buffer, type = 'image/jpeg') => `data:${type};base64,${bytes.toString('base64')}`;

/** The face-check fixtures' bytes (made in a scratch folder, removed after). */
export async function readFaceFixtures<Name extends FaceFixture>(...fixtures: Name[]): Promise<Record<Name, Buffer>> {
  const folder = await mkdtemp(join(tmpdir(), 'influencer-faces-'));
  try {
    const photos = {} as Record<Name, Buffer>;
    for (const fixture of fixtures) photos[fixture] = await readFile(await makeFaceFixture(folder, fixture));
    return photos;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export interface InfluencerTestBedOptions {
  /** Environment the generation service reads over this process's (e.g. `GENERATION_ROLE: 'api'`: it answers, but makes no clip). */
  generationEnv?: NodeJS.ProcessEnv;
}

export interface InfluencerTestBed {
  database: pg.Pool;
  storage: StorageService;
  billing: ServiceClient;
  generation: ServiceClient;
  /** The gateway's address, e.g. `http://127.0.0.1:40123`. */
  base: string;
  /** The cookie of a new signed-in session of `userId`. */
  signedIn(userId: string): Promise<string>;
  /** Stops the gateway and the services and deletes the sessions the test bed made. */
  close(): Promise<void>;
}

/** Starts billing, generation and a gateway on a free port, on the test environment's database, NATS and store. */
export async function startInfluencerTestBed(options: InfluencerTestBedOptions = {}): Promise<InfluencerTestBed> {
  const sessionSecret = randomBytes(24).toString('hex');
  const settings = readEnv(GatewaySettings, { ...process.env, SESSION_SECRET: sessionSecret, RATE_LIMIT_STORE: 'memory' });
  const database = new pg.Pool({ connectionString: settings.DATABASE_URL, max: 2 });
  const storage = new StorageService(settings);
  const userIds: string[] = [];
  let billing: RunningService | undefined;
  let generation: RunningService | undefined;
  let gateway: INestApplication | undefined;

  const close = async () => {
    await gateway?.close();
    await generation?.close();
    await billing?.close();
    await database.query("delete from gateway.session where data::jsonb->>'userId' = any($1)", [userIds]);
    await database.end();
  };

  try {
    await runMigrations(ormConfig(settings.DATABASE_URL));
    billing = await startServiceForTest(billingService);
    generation = await startServiceForTest(generationService, options.generationEnv);
    await storage.ensureBucket();
    gateway = await createGateway(settings);
    await gateway.listen(0, '127.0.0.1');
  } catch (error) {
    await close();
    throw error;
  }

  return {
    database,
    storage,
    billing: billing.client,
    generation: generation.client,
    base: `http://127.0.0.1:${(gateway.getHttpServer().address() as AddressInfo).port}`,
    signedIn(userId) {
      userIds.push(userId);
      return signedInCookie(database, sessionSecret, userId);
    },
    close,
  };
}
