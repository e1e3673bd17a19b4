/* eslint-disable @nx/enforce-module-boundaries -- the test expects the gateway's own upload messages */
import { randomUUID } from 'node:crypto';
import { FaceCheckMessages, Subjects } from '@lipcast/contracts';
import { UploadMessages } from '../../../gateway/src/media/image-upload';
import { dataUrl, readFaceFixtures, SAMPLE_SHEET, startInfluencerTestBed, type InfluencerTestBed } from './testing';

jest.setTimeout(60_000);

/**
 * `POST /api/ai-influencer/check-image`: the Creator's check of a picture as soon as it is chosen
 * (issue 23). It answers the face check's verdict, charges nothing and keeps nothing.
 */
describe('the check of a chosen picture, before any generation', () => {
  let bed: InfluencerTestBed;
  let photos: Record<'woman' | 'man' | 'noFace' | 'twoFaces', Buffer>;

  async function checkImage(userId: string | null, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(`${bed.base}/api/ai-influencer/check-image`, {
      method: 'POST',
      headers: { ...(userId ? { cookie: await bed.signedIn(userId) } : {}), 'content-type': 'application/json', origin: bed.base },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const everythingOf = async (userId: string) => (await bed.storage.list(`users/${userId}/`)).map((object) => object.key);
  const billingOf = (userId: string) => bed.billing.send(Subjects.billing.adminAccountGet, { userId });

  beforeAll(async () => {
    photos = await readFaceFixtures('woman', 'man', 'noFace', 'twoFaces');
    // Answers only: checking a picture makes no clip.
    bed = await startInfluencerTestBed({ generationEnv: { GENERATION_ROLE: 'api' } });
  });

  afterAll(async () => {
    await bed?.close();
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
    expect(await checkImage(userId, { image: dataUrl(Buffer.concat([SAMPLE_SHEET, Buffer.alloc(10 * 1024 * 1024)])) })).toEqual({ status: 400, body: { message: UploadMessages.tooManyBytes } });
    expect(await checkImage(null, { image: dataUrl(photos.noFace) })).toMatchObject({ status: 401 });
    expect(await everythingOf(userId)).toEqual([]);
  });
});
