/* eslint-disable @nx/enforce-module-boundaries -- the test expects the gateway's own upload messages */
import { randomUUID } from 'node:crypto';
import { FaceCheckMessages, LIKENESS_CONSENT_TEXT, PHOTO_CONSENT_MESSAGE, quotaExceededMessage, Subjects } from '@lipcast/contracts';
import { UploadMessages } from '../../../gateway/src/media/image-upload';
import { dataUrl, readFaceFixtures, SAMPLE_SHEET as PHOTO, startInfluencerTestBed, type InfluencerTestBed } from './testing';

jest.setTimeout(60_000);

const QUOTA_BYTES = 1024 * 1024;

/** A PNG header declaring a picture bigger than the limit: 20 bytes of data, 25 megapixels. */
function hugePng(): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(5000, 8);
  ihdr.writeUInt32BE(5000, 12);
  ihdr.set([8, 2, 0, 0, 0], 16);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr, Buffer.alloc(20)]);
}

/**
 * `POST /api/ai-influencer/video` with an uploaded picture: everything that can refuse it does so
 * before the picture is stored, and a clip that does not start leaves no upload behind.
 */
describe('uploaded pictures are checked before they are stored', () => {
  let bed: InfluencerTestBed;
  /** One face, facing the camera (the sample sheet's faces are many and small: the face check refuses it). */
  let facePhoto: Buffer;
  let noFacePhoto: Buffer;

  async function upload(userId: string, body: Record<string, unknown>, query = ''): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(`${bed.base}/api/ai-influencer/video${query}`, {
      method: 'POST',
      headers: { cookie: await bed.signedIn(userId), 'content-type': 'application/json', origin: bed.base, prefer: 'respond-async' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const uploadsOf = async (userId: string) => (await bed.storage.list(`users/${userId}/uploads/`)).map((object) => object.key);
  const everythingOf = async (userId: string) => (await bed.storage.list(`users/${userId}/`)).map((object) => object.key);

  /** Takes the user's three free generations (committed). */
  async function spendFreeGenerations(userId: string): Promise<void> {
    for (let index = 0; index < 3; index++) {
      const jobId = randomUUID();
      await bed.billing.send(Subjects.billing.creditsReserve, { userId, jobId });
      await bed.billing.send(Subjects.billing.creditsCommit, { jobId });
    }
  }

  /** Takes all of today's image previews of a free user (the default limit, 10). */
  async function spendImagePreviews(userId: string): Promise<void> {
    for (let index = 0; index < 10; index++) await bed.billing.send(Subjects.billing.quotaConsume, { userId, kind: 'image' });
  }

  beforeAll(async () => {
    ({ man: facePhoto, noFace: noFacePhoto } = await readFaceFixtures('man', 'noFace'));
    // Answers only: the clips these tests start are never made.
    bed = await startInfluencerTestBed({ generationEnv: { USER_STORAGE_QUOTA_BYTES: String(QUOTA_BYTES), GENERATION_ROLE: 'api' } });
  });

  afterAll(async () => {
    await bed?.close();
  });

  it('a user with no generation left still starts the clip: it is a free preview, no credit is reserved', async () => {
    const userId = randomUUID();
    await spendFreeGenerations(userId);
    const answer = await upload(userId, { image: dataUrl(facePhoto), prompt: 'waving', consent: true });
    expect(answer.status).toBe(202);
    const jobId = answer.body.predictionId as string;
    try {
      expect(await bed.generation.send(Subjects.generation.adminJobGet, { jobId })).toMatchObject({ kind: 'image_to_video' });
      expect((await bed.database.query('select credit from generation.job where id = $1', [jobId])).rows).toEqual([{ credit: 'free' }]);
    } finally {
      await bed.generation.send(Subjects.generation.jobCancel, { userId, jobId });
    }
  });

  it('a picture declaring too many pixels, or a bad request, gets 400, and nothing is stored', async () => {
    const userId = randomUUID();
    expect(await upload(userId, { image: dataUrl(hugePng(), 'image/png'), consent: true })).toEqual({ status: 400, body: { message: UploadMessages.tooManyPixels(5000, 5000) } });
    expect(await upload(userId, { image: dataUrl(PHOTO), prompt: 'x'.repeat(1001), consent: true })).toMatchObject({ status: 400, body: { message: 'Prompt cannot exceed 1000 characters.' } });
    expect(await upload(userId, { image: dataUrl(PHOTO), consent: true }, '?projectId=1')).toMatchObject({ status: 400, body: { message: "image must be this project's image" } });
    expect(await everythingOf(userId)).toEqual([]);
  });

  it('a full storage gets 413 with a clear message, and nothing is stored', async () => {
    const userId = randomUUID();
    const kept = `users/${userId}/audio/earlier.bin`;
    await bed.storage.put(kept, Buffer.alloc(QUOTA_BYTES - 100_000), 'application/octet-stream');
    try {
      expect(await upload(userId, { image: dataUrl(PHOTO), consent: true })).toEqual({ status: 413, body: { message: 'Your storage is full (1 MB). Delete some videos or influencers to make room.' } });
      expect(await uploadsOf(userId)).toEqual([]);
    } finally {
      await bed.storage.remove(kept);
    }
  });

  it('removes the stored picture when the clip then does not start (today\'s image previews are spent: 429)', async () => {
    const userId = randomUUID();
    await spendImagePreviews(userId);
    expect(await upload(userId, { image: dataUrl(facePhoto), consent: true })).toMatchObject({ status: 429, body: { message: quotaExceededMessage('image') } });
    expect(await uploadsOf(userId)).toEqual([]);
    expect(await bed.generation.send(Subjects.generation.influencersList, { userId })).toEqual([]);
  });

  it('a picture lip-sync could not use gets 400 with the reason, nothing is stored and nothing charged', async () => {
    const userId = randomUUID();
    expect(await upload(userId, { image: dataUrl(noFacePhoto), prompt: 'waving', consent: true })).toEqual({ status: 400, body: { message: FaceCheckMessages['no-face']('photo'), details: { field: 'image', faceCheck: 'no-face' } } });
    expect(await upload(userId, { image: dataUrl(PHOTO), prompt: 'waving', consent: true })).toMatchObject({ status: 400, body: { message: expect.stringMatching(/^(More than one face found|The face is too small)/) } });
    expect(await everythingOf(userId)).toEqual([]);
    // A refused start records no consent either: it is recorded with the job that uses the picture.
    expect((await bed.database.query('select 1 from generation.likeness_consent where user_id = $1', [userId])).rowCount).toBe(0);
    const account = await bed.billing.send(Subjects.billing.accountGet, { userId });
    expect(account.generationsCount).toBe(0);
  });

  it('a picture without the likeness consent gets 400 beside the field consent, nothing is stored and nothing charged', async () => {
    const userId = randomUUID();
    const refused = { status: 400, body: { message: PHOTO_CONSENT_MESSAGE, details: { fields: { consent: [PHOTO_CONSENT_MESSAGE] } } } };
    expect(await upload(userId, { image: dataUrl(facePhoto), prompt: 'waving' })).toEqual(refused);
    expect(await upload(userId, { image: dataUrl(facePhoto), consent: false })).toEqual(refused);
    expect(await upload(userId, { image: dataUrl(facePhoto), consent: 'true' })).toEqual(refused);
    expect(await everythingOf(userId)).toEqual([]);
    expect(await bed.generation.send(Subjects.generation.influencersList, { userId })).toEqual([]);
    expect((await bed.database.query('select 1 from generation.likeness_consent where user_id = $1', [userId])).rowCount).toBe(0);
    expect(await bed.billing.send(Subjects.billing.accountGet, { userId })).toMatchObject({ generationsCount: 0 });
  });

  it('stores an accepted picture with its likeness consent and starts its clip from it; the operators see the consent', async () => {
    const userId = randomUUID();
    const answer = await upload(userId, { image: dataUrl(facePhoto), prompt: 'waving', consent: true });
    expect(answer.status).toBe(202);
    const jobId = answer.body.predictionId as string;
    try {
      const [project] = await bed.generation.send(Subjects.generation.influencersList, { userId });
      expect(project).toMatchObject({ imageKind: 'upload' });
      const imageKey = project.imageUrl.replace('/api/media/', '');
      expect((await bed.storage.stat(imageKey))?.size).toBe(facePhoto.length);
      const { rows } = await bed.database.query<{ id: string; userId: string; subject: string; text: string; mediaKey: string }>(
        'select c.id, c.user_id as "userId", c.subject, c.text, c.media_key as "mediaKey" from generation.influencer_project p join generation.likeness_consent c on c.id = p.consent_id where p.id = $1',
        [project.id],
      );
      expect(rows).toEqual([{ id: expect.any(String), userId, subject: 'likeness', text: LIKENESS_CONSENT_TEXT, mediaKey: imageKey }]);
      const detail = await bed.generation.send(Subjects.generation.adminJobGet, { jobId });
      expect(detail.consents).toEqual([{ id: rows[0].id, subject: 'likeness', text: LIKENESS_CONSENT_TEXT, givenAt: expect.any(String), userId }]);
    } finally {
      await bed.generation.send(Subjects.generation.jobCancel, { userId, jobId });
    }
  });
});
