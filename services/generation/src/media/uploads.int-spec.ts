import { randomUUID } from 'node:crypto';
import { ErrorCode, Subjects, type UploadCheckRequest } from '@lipcast/contracts';
import { readEnv } from '@lipcast/nest-kit';
import { GenerationSettings } from '../settings';
import { startTestBed, type TestBed } from '../testing';
import { storageFullMessage } from './upload-checks';
import { UploadSweeper } from './upload-sweeper';

jest.setTimeout(60_000);

const QUOTA_BYTES = 1024 * 1024;

describe('uploads: checked before they are stored, swept when left behind', () => {
  let bed: TestBed;
  const check = (request: UploadCheckRequest) => bed.send(Subjects.generation.uploadCheck, request);

  /** A user who has used every free generation. */
  async function userWithNoGenerations(): Promise<string> {
    const userId = randomUUID();
    for (let index = 0; index < 3; index++) {
      const jobId = randomUUID();
      await bed.billing.client.send(Subjects.billing.creditsReserve, { userId, jobId });
      await bed.billing.client.send(Subjects.billing.creditsCommit, { jobId });
    }
    return userId;
  }

  beforeAll(async () => {
    process.env.USER_STORAGE_QUOTA_BYTES = String(QUOTA_BYTES);
    bed = await startTestBed();
  });
  afterAll(async () => {
    delete process.env.USER_STORAGE_QUOTA_BYTES;
    await bed?.close();
  });

  it('allows a user with a generation left and room in their storage', async () => {
    expect(await check({ userId: randomUUID(), bytes: 200_000, prompt: 'waving' })).toEqual({ allowed: true });
  });

  it('allows a user with no generation left: the clip is a free preview (its start takes an image preview)', async () => {
    expect(await check({ userId: await userWithNoGenerations(), bytes: 200_000 })).toEqual({ allowed: true });
  });

  it('answers 413 with a clear message when the picture would not fit in the user\'s storage', async () => {
    const userId = randomUUID();
    const kept = `users/${userId}/audio/kept.bin`;
    await bed.storage.put(kept, Buffer.alloc(QUOTA_BYTES - 50_000), 'application/octet-stream');
    try {
      expect(await check({ userId, bytes: 40_000 })).toEqual({ allowed: true });
      await expect(check({ userId, bytes: 60_000 })).rejects.toMatchObject({
        code: ErrorCode.PayloadTooLarge,
        message: 'Your storage is full (1 MB). Delete some videos or influencers to make room.',
      });
      // Another user's media count for them, not for this one.
      expect(await check({ userId: randomUUID(), bytes: 60_000 })).toEqual({ allowed: true });
    } finally {
      await bed.storage.remove(kept);
    }
    expect(storageFullMessage(2 * 1024 ** 3)).toBe('Your storage is full (2 GB). Delete some videos or influencers to make room.');
  });

  it('checks the clip request the upload comes with as the clip start would', async () => {
    await expect(check({ userId: randomUUID(), bytes: 1000, prompt: 'x'.repeat(1001) })).rejects.toMatchObject({ code: ErrorCode.Validation, message: 'Prompt cannot exceed 1000 characters.' });
    await expect(check({ userId: randomUUID(), bytes: 1000, projectId: 7 })).rejects.toMatchObject({ code: ErrorCode.Validation, message: "image must be this project's image" });
    await expect(check({ userId: 'not-a-user', bytes: 1000 })).rejects.toMatchObject({ code: ErrorCode.Validation });
  });

  it("checks faces only in the caller's own uploads, and refuses what is not a picture", async () => {
    const userId = randomUUID();
    const faces = (key: string) => bed.send(Subjects.generation.facesCheck, { userId, key });
    await expect(faces(`users/${randomUUID()}/uploads/${randomUUID()}.jpg`)).rejects.toMatchObject({ code: ErrorCode.Validation, message: 'key must be one of your uploads' });
    await expect(faces(`users/${userId}/influencers/1/image.jpg`)).rejects.toMatchObject({ code: ErrorCode.Validation, message: 'key must be an upload' });
    const key = `users/${userId}/uploads/${randomUUID()}.jpg`;
    await bed.storage.put(key, Buffer.from('not a picture'), 'image/jpeg');
    try {
      await expect(faces(key)).rejects.toMatchObject({ code: ErrorCode.Validation, details: { field: 'image' } });
    } finally {
      await bed.storage.remove(key);
    }
  });

  it('sweeps uploads older than the grace period, and nothing else', async () => {
    const settings = readEnv(GenerationSettings, { ...process.env, UPLOAD_GRACE_SECONDS: '60' });
    const sweeper = new UploadSweeper(bed.storage, settings);
    const userId = randomUUID();
    const older = `users/${userId}/uploads/${randomUUID()}.jpg`;
    const newer = `users/${userId}/uploads/${randomUUID()}.png`;
    const portrait = `users/${userId}/influencers/1/image.jpg`;
    await bed.storage.put(older, Buffer.from('older'), 'image/jpeg');
    await bed.storage.put(portrait, Buffer.from('portrait'), 'image/jpeg');
    // Stored a little later (object times may be kept to the second).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await bed.storage.put(newer, Buffer.from('newer'), 'image/png');
    try {
      // The time the store lists (the sweep's clock for it).
      const olderTime = (await bed.storage.list(`users/${userId}/uploads/`)).find((object) => object.key === older)!.lastModified.getTime();
      expect(await sweeper.sweep(new Date(olderTime + 59_000))).not.toContain(older);
      expect(await bed.storage.stat(older)).not.toBeNull();

      // Past the grace period of the first upload only.
      expect(await sweeper.sweep(new Date(olderTime + 60_500))).toContain(older);
      expect(await bed.storage.stat(older)).toBeNull();
      expect(await bed.storage.stat(newer)).not.toBeNull();
      expect(await bed.storage.stat(portrait)).not.toBeNull();

      expect(await sweeper.sweep(new Date(Date.now() + 3_600_000))).toContain(newer);
      expect(await bed.storage.stat(newer)).toBeNull();
      expect(await bed.storage.stat(portrait)).not.toBeNull();
    } finally {
      await Promise.all([older, newer, portrait].map((key) => bed.storage.remove(key)));
    }
  });
});
