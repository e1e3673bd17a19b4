/* eslint-disable @nx/enforce-module-boundaries -- the test expects the gateway's own upload messages */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FaceCheckMessages, LIKENESS_CONSENT_TEXT, OwnActorMessages, Subjects, type OwnActor } from '@lipcast/contracts';
import { runFfmpeg } from '@lipcast/media-tools';
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
    // A 1 MB limit on own actors' clips, so that one over it is quick to send.
    process.env.ACTOR_CLIP_MAX_MB = '1';
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

  describe('an own actor: a clip of the creator, uploaded as a stream with their consent', () => {
    let clip: Buffer;

    async function upload(userId: string | null, fields: { consent?: string; name?: string }, file: { bytes: Buffer; type: string } | null = { bytes: clip, type: 'video/mp4' }) {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      if (file) form.append('clip', new Blob([new Uint8Array(file.bytes)], { type: file.type }), 'me.mp4');
      const response = await fetch(`${bed.base}/api/actors/own`, { method: 'POST', headers: { ...(userId ? { cookie: await bed.signedIn(userId) } : {}), origin: bed.base }, body: form });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    }
    const call = async (userId: string, method: 'GET' | 'DELETE', path = '') => {
      const response = await fetch(`${bed.base}/api/actors/own${path}`, { method, headers: { cookie: await bed.signedIn(userId), origin: bed.base } });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };

    beforeAll(async () => {
      // Four seconds of the man's photo swaying, small enough for the 1 MB limit.
      const folder = await mkdtemp(join(tmpdir(), 'own-actor-'));
      const [still, out] = [join(folder, 'man.jpg'), join(folder, 'clip.mp4')];
      await writeFile(still, photos.man);
      await runFfmpeg(['-loop', '1', '-i', still, '-vf', 'crop=iw*0.9:ih*0.9:iw*0.05*(1+sin(t*2)):ih*0.05*(1+cos(t*3)),scale=320:-2', '-t', '4', '-r', '25', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '30', '-pix_fmt', 'yuv420p', '-y', out]);
      clip = await readFile(out);
      await rm(folder, { recursive: true, force: true });
    });

    it('keeps a clip of one face as a private actor, lists it with the limits, and deletes it for its owner only', async () => {
      const userId = randomUUID();
      const created = await upload(userId, { consent: 'true', name: 'Me' });
      expect(created).toMatchObject({ status: 201, body: { name: 'Me', width: 320, consent: { subject: 'likeness', text: LIKENESS_CONSENT_TEXT } } });
      const actor = created.body as unknown as OwnActor;
      expect(await call(userId, 'GET')).toEqual({ status: 200, body: { actors: [actor], limits: { minSeconds: 3, maxSeconds: 60, maxMegabytes: 1 } } });
      expect((await fetch(`${bed.base}${actor.url}`, { headers: { cookie: await bed.signedIn(userId) } })).status).toBe(200);
      // Another creator neither sees nor deletes it.
      const stranger = randomUUID();
      expect(await call(stranger, 'GET')).toMatchObject({ body: { actors: [] } });
      expect((await call(stranger, 'DELETE', `/${actor.id}`)).status).toBe(404);
      expect(await call(userId, 'DELETE', `/${actor.id}`)).toEqual({ status: 200, body: { deleted: true } });
      expect(await everythingOf(userId)).toEqual([]);
      expect(await billingOf(userId)).toMatchObject({ generationsCount: 0, reservations: [] });
    });

    it('refuses an upload without consent, without a clip, of another type, over the size limit or signed out, keeping nothing', async () => {
      const userId = randomUUID();
      expect(await upload(userId, { name: 'Me' })).toMatchObject({ status: 400, body: { message: OwnActorMessages.consent } });
      expect(await upload(userId, { consent: 'true', name: 'Me' }, null)).toMatchObject({ status: 400, body: { message: OwnActorMessages.noClip, details: { field: 'clip' } } });
      expect(await upload(userId, { consent: 'true', name: 'Me' }, { bytes: Buffer.from('hello'), type: 'text/plain' })).toMatchObject({ status: 400, body: { message: OwnActorMessages.clipType } });
      expect(await upload(userId, { consent: 'true', name: 'Me' }, { bytes: Buffer.alloc(1024 * 1024 + 1), type: 'video/mp4' })).toEqual({
        status: 413,
        body: { message: OwnActorMessages.tooLarge(1), details: { field: 'clip' } },
      });
      expect((await upload(null, { consent: 'true', name: 'Me' })).status).toBe(401);
      expect(await everythingOf(userId)).toEqual([]);
    });
  });
});
