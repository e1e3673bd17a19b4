/* eslint-disable @nx/enforce-module-boundaries -- the test runs the real billing and generation services beside the gateway */
import { signedInCookie } from '../test-processes';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import pg from 'pg';
import { FaceCheckMessages, Subjects, type AdminBillingAccount } from '@lipcast/contracts';
import { makeFaceFixture } from '@lipcast/media-engine';
import { readEnv, runMigrations, startServiceForTest, StorageService, type RunningService } from '@lipcast/nest-kit';
import { billingService } from '../../../services/billing/src/service';
import { generationService } from '../../../services/generation/src/service';
import { createGateway } from '../create-app';
import { UploadMessages } from '../media/image-upload';
import { ormConfig } from '../mikro-orm.config';
import { GatewaySettings } from '../settings';

jest.setTimeout(60_000);

const SESSION_SECRET = randomBytes(24).toString('hex');
const settings = readEnv(GatewaySettings, { ...process.env, SESSION_SECRET, RATE_LIMIT_STORE: 'memory' });

/** The sample sheet that ships with the face-landmark package (1280x1158 JPEG): many small faces. */
const SHEET = readFileSync(join(dirname(require.resolve('@vladmandic/human')), '..', 'assets', 'samples.jpg'));
const dataUrl = (bytes: Buffer, type = 'image/jpeg') => `data:${type};base64,${bytes.toString('base64')}`;

/**
 * `POST /api/ai-influencer/check-image`: the Creator's check of a picture as soon as it is chosen
 * (issue 23). It answers the face check's verdict, charges nothing and keeps nothing.
 */
describe('the check of a chosen picture, before any generation', () => {
  const database = new pg.Pool({ connectionString: settings.DATABASE_URL, max: 2 });
  const storage = new StorageService(settings);
  let billing: RunningService;
  let generation: RunningService;
  let gateway: INestApplication;
  let base: string;
  const photos = {} as Record<'woman' | 'man' | 'noFace' | 'twoFaces', Buffer>;

  async function checkImage(userId: string | null, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(`${base}/api/ai-influencer/check-image`, {
      method: 'POST',
      headers: { ...(userId ? { cookie: await signedInCookie(database, SESSION_SECRET, userId) } : {}), 'content-type': 'application/json', origin: base },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const everythingOf = async (userId: string) => (await storage.list(`users/${userId}/`)).map((object) => object.key);
  const billingOf = (userId: string) => billing.client.send<AdminBillingAccount>(Subjects.billing.adminAccountGet, { userId });

  beforeAll(async () => {
    const folder = await mkdtemp(join(tmpdir(), 'check-image-'));
    for (const fixture of ['woman', 'man', 'noFace', 'twoFaces'] as const) photos[fixture] = await readFile(await makeFaceFixture(folder, fixture));
    await rm(folder, { recursive: true, force: true });
    await runMigrations(ormConfig(settings.DATABASE_URL));
    billing = await startServiceForTest(billingService);
    generation = await startServiceForTest(generationService, { GENERATION_ROLE: 'api' });
    await storage.ensureBucket();
    gateway = await createGateway(settings);
    await gateway.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(gateway.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await gateway?.close();
    await generation?.close();
    await billing?.close();
    await database.end();
  });

  it('refuses a picture with no face with the message, and charges and keeps nothing', async () => {
    const userId = randomUUID();
    const before = await billingOf(userId);
    expect(await checkImage(userId, { image: dataUrl(photos.noFace) })).toEqual({ status: 200, body: { ok: false, reason: 'no-face', message: FaceCheckMessages['no-face']('photo') } });
    expect(await checkImage(userId, { image: dataUrl(photos.twoFaces) })).toEqual({ status: 200, body: { ok: false, reason: 'several-faces', message: FaceCheckMessages['several-faces']('photo') } });
    expect(await everythingOf(userId)).toEqual([]);
    const after = await billingOf(userId);
    expect(after).toEqual(before);
    expect(after).toMatchObject({ generationsCount: 0, reservations: [], ledger: [] });
  });

  it('accepts a photo of one face, and charges and keeps nothing', async () => {
    const userId = randomUUID();
    const before = await billingOf(userId);
    expect(await checkImage(userId, { image: dataUrl(photos.man) })).toEqual({ status: 200, body: { ok: true } });
    expect(await checkImage(userId, { image: dataUrl(photos.woman) })).toEqual({ status: 200, body: { ok: true } });
    expect(await everythingOf(userId)).toEqual([]);
    expect(await billingOf(userId)).toEqual(before);
  });

  it('takes only an uploaded picture within the upload limits, from a signed-in user', async () => {
    const userId = randomUUID();
    expect(await checkImage(userId, { image: dataUrl(Buffer.from('not a picture at all'), 'image/png') })).toEqual({ status: 400, body: { message: UploadMessages.notAPicture } });
    expect(await checkImage(userId, { image: '/api/media/users/someone/photo.jpg' })).toMatchObject({ status: 400, body: { message: 'image must be an uploaded picture (a data: URL)' } });
    expect(await checkImage(userId, {})).toMatchObject({ status: 400 });
    // Over 10 MB of picture (the body itself fits the route's 14 MB).
    expect(await checkImage(userId, { image: dataUrl(Buffer.concat([SHEET, Buffer.alloc(10 * 1024 * 1024)])) })).toEqual({ status: 400, body: { message: UploadMessages.tooManyBytes } });
    expect(await checkImage(null, { image: dataUrl(photos.noFace) })).toMatchObject({ status: 401 });
    expect(await everythingOf(userId)).toEqual([]);
  });
});
