/* eslint-disable @nx/enforce-module-boundaries -- the test runs the real services beside the gateway */
import { randomBytes } from 'node:crypto';
import { ErrorCode, Subjects, VIDEO_FORMATS } from '@lipcast/contracts';
import { authService } from '../../../services/auth/src/service';
import { billingService } from '../../../services/billing/src/service';
import { generationService } from '../../../services/generation/src/service';
import { pictureSize } from '../../../gateway/src/media/image-upload';
import { answer, startPublicApiTestBed, type PublicApiTestBed } from './testing';
import type { ApiV1VideoDto, ApiV1VideoListDto } from '../../../gateway/src/api-v1/videos.dto';

jest.setTimeout(180_000);

const ACTOR_ID = 'ipfs-puppet-video-2';
const BODY = { actor: ACTOR_ID, script: 'Hello from the public API.', voice: 'Friendly_Person', emotion: 'happy', speed: 1.2, pitch: 2 };
const FINISHED = ['succeeded', 'failed', 'canceled'];

/** `/api/v1/videos` against the real auth, billing and generation services, with keys made in the profile's session routes. */
describe('the public API videos (/api/v1/videos)', () => {
  let api: PublicApiTestBed;

  const create = (key: string, body: unknown = BODY, idempotencyKey?: string) => api.call(key, 'POST', '/videos', body, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
  const video = async (key: string, id: string) => (await (await api.call(key, 'GET', `/videos/${id}`)).json()) as ApiV1VideoDto;
  const finished = async (key: string, id: string): Promise<ApiV1VideoDto> => {
    for (const deadline = Date.now() + 120_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 300))) {
      const current = await video(key, id);
      if (FINISHED.includes(current.status)) return current;
    }
    throw new Error(`video ${id} did not finish within 120 s`);
  };
  const account = (userId: string) => api.client(billingService).send(Subjects.billing.accountGet, { userId });

  beforeAll(async () => {
    // The first test's `webhook_url` is on 127.0.0.1, which production refuses at creation.
    api = await startPublicApiTestBed({ services: [authService, billingService, generationService], actorClip: ACTOR_ID, serviceEnv: { WEBHOOK_ALLOW_LOOPBACK: 'true' } });
  });

  afterAll(() => api?.close());

  it('makes a video: 202, then succeeded with an absolute URL to an MP4, listed, and deleted', async () => {
    const { cookie, key } = await api.newCaller('api-v1-videos-maker');
    const metadata = { order: 'A-17', nested: { ok: true } };
    const created = await create(key, { ...BODY, metadata, webhook_url: 'http://127.0.0.1:9/lipcast-hook' });
    const accepted = (await answer(created)) as { status: number; body: { id: string; status: string } };
    expect(accepted).toEqual({ status: 202, body: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), status: expect.stringMatching(/^(queued|running)$/) } });
    const { id } = accepted.body;

    const done = await finished(key, id);
    expect(done).toEqual({
      id,
      status: 'succeeded',
      progress: 1,
      url: `${api.base}/api/v1/videos/${id}/file`,
      duration: expect.any(Number),
      error: null,
      created_at: expect.any(String),
      actor: ACTOR_ID,
      influencer: null,
      metadata,
      webhook_url: 'http://127.0.0.1:9/lipcast-hook',
      format: 'portrait-card',
      // Only while it waits or runs.
      queue_position: null,
      estimated_seconds: null,
      captions_url: `${api.base}/api/v1/videos/${id}/captions`,
      poster_url: `${api.base}/api/v1/videos/${id}/poster`,
      // Its lip-sync, measured on the finished video (issue 36).
      lip_sync: { offset_ms: expect.any(Number), confidence: expect.any(Number), below_threshold: false, summary: 'Lip-sync checked: in sync' },
    });
    expect(done.duration).toBeGreaterThan(1);
    // Its word-timed captions, with the key alone: WebVTT, or SRT with ?format=srt.
    const vtt = await fetch(done.captions_url!, { headers: { authorization: `Bearer ${key}` } });
    expect(vtt.status).toBe(200);
    expect(vtt.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(vtt.headers.get('content-disposition')).toBe(`attachment; filename="lipcast-${id}-640x720.vtt"`);
    const [, vttText] = /^WEBVTT\n\n1\n00:00:00\.\d{3} --> 00:00:0\d\.\d{3}\n([^]+)\n\n$/.exec(await vtt.text()) ?? [];
    expect(vttText?.replace(/\n/g, ' ')).toBe('Hello from the public API.'); // one cue, its lines wrapped to the frame
    const srt = await fetch(`${done.captions_url}?format=srt`, { headers: { authorization: `Bearer ${key}` } });
    expect(await srt.text()).toMatch(/^1\n00:00:00,\d{3} --> 00:00:0\d,\d{3}\nHello from the(\n| )public API\.\n\n$/);
    expect(await answer(await fetch(`${done.captions_url}?format=ass`, { headers: { authorization: `Bearer ${key}` } }))).toMatchObject({ status: 400, body: { error: { code: ErrorCode.Validation } } });
    // Its poster, with the key alone: its first frame as WebP, at its format's size (the portrait card's 640x720).
    const poster = await fetch(done.poster_url!, { headers: { authorization: `Bearer ${key}` } });
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/webp');
    expect(poster.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(poster.headers.get('content-disposition')).toBe(`attachment; filename="lipcast-${id}-640x720.webp"`);
    const posterBytes = Buffer.from(await poster.arrayBuffer());
    expect([posterBytes.toString('latin1', 0, 4), posterBytes.toString('latin1', 8, 12)]).toEqual(['RIFF', 'WEBP']);
    expect(pictureSize(posterBytes)).toEqual({ width: VIDEO_FORMATS['portrait-card'].width, height: VIDEO_FORMATS['portrait-card'].height });
    // Not without a key, and not with another user's key.
    expect(await answer(await fetch(done.poster_url!))).toMatchObject({ status: 401, body: { error: { code: ErrorCode.Unauthenticated } } });
    const posterStranger = await api.newCaller('api-v1-videos-poster-stranger');
    expect(await answer(await fetch(done.poster_url!, { headers: { authorization: `Bearer ${posterStranger.key}` } }))).toMatchObject({ status: 404, body: { error: { code: ErrorCode.NotFound } } });
    // The URL downloads the MP4 with the key alone, named after the video and its format, byte ranges included.
    const media = await fetch(done.url!, { headers: { authorization: `Bearer ${key}` } });
    expect(media.status).toBe(200);
    expect(media.headers.get('content-disposition')).toBe(`attachment; filename="lipcast-${id}-640x720.mp4"`);
    // An MP4 starts with its ftyp box.
    expect(Buffer.from(await media.arrayBuffer()).subarray(4, 8).toString('latin1')).toBe('ftyp');
    const start = await fetch(done.url!, { headers: { authorization: `Bearer ${key}`, range: 'bytes=0-7' } });
    expect(start.status).toBe(206);
    expect(Buffer.from(await start.arrayBuffer()).subarray(4, 8).toString('latin1')).toBe('ftyp');
    // Not with the owner's session, and not with another user's key.
    expect((await fetch(done.url!, { headers: { cookie } })).status).toBe(401);
    const stranger = await api.newCaller('api-v1-videos-stranger');
    expect(await answer(await fetch(done.url!, { headers: { authorization: `Bearer ${stranger.key}` } }))).toMatchObject({ status: 404, body: { error: { code: ErrorCode.NotFound } } });

    const listed = (await (await api.call(key, 'GET', '/videos?cursor=&limit=')).json()) as ApiV1VideoListDto;
    expect(listed).toEqual({ data: [done], next_cursor: null });

    const deleted = await api.call(key, 'DELETE', `/videos/${id}`);
    expect(await answer(deleted)).toEqual({ status: 200, body: { id, deleted: true } });
    expect(await answer(await api.call(key, 'GET', `/videos/${id}`))).toEqual({ status: 404, body: { error: { code: ErrorCode.NotFound, message: 'No such video', details: null } } });
    expect(await (await api.call(key, 'GET', '/videos')).json()).toEqual({ data: [], next_cursor: null });
  });

  it('cancels a live video: 200 with the canceled video', async () => {
    const { key } = await api.newCaller('api-v1-videos-canceler');
    const { id } = (await (await create(key)).json()) as { id: string };
    expect(await answer(await api.call(key, 'GET', `/videos/${id}/file`))).toMatchObject({ status: 409, body: { error: { code: ErrorCode.Conflict } } });
    expect(await answer(await api.call(key, 'GET', `/videos/${id}/poster`))).toMatchObject({ status: 409, body: { error: { code: ErrorCode.Conflict } } });
    const canceled = await api.call(key, 'DELETE', `/videos/${id}`);
    expect(await answer(canceled)).toEqual({
      status: 200,
      body: expect.objectContaining({ id, status: 'canceled', url: null, error: { code: 'canceled', message: 'The generation was canceled.' } }),
    });
    await api.call(key, 'DELETE', `/videos/${id}`);
  });

  it('makes one video of 10 concurrent identical creates with one Idempotency-Key, charged once; another body with that key is a 422', async () => {
    const { user, key } = await api.newCaller('api-v1-videos-idempotent');
    const idempotencyKey = `order-${randomBytes(6).toString('hex')}`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => create(key, BODY, idempotencyKey).then(answer)));
    expect(answers.map((each) => each.status)).toEqual(Array(10).fill(202));
    const ids = new Set(answers.map((each) => (each.body as { id: string }).id));
    expect(ids.size).toBe(1);
    const [id] = ids;

    expect((await finished(key, id)).status).toBe('succeeded');
    expect((await account(user.id)).generationsCount).toBe(1);
    expect(((await (await api.call(key, 'GET', '/videos')).json()) as ApiV1VideoListDto).data.map((each) => each.id)).toEqual([id]);

    const mismatch = await create(key, { ...BODY, script: 'Something else entirely.' }, idempotencyKey);
    expect(await answer(mismatch)).toEqual({
      status: 422,
      body: { error: { code: ErrorCode.IdempotencyMismatch, message: 'This Idempotency-Key was used with a different request body.', details: null } },
    });
    await api.call(key, 'DELETE', `/videos/${id}`);
  });

  it('refuses bad input with 400, a non-UUID id with 404, and a key without videos:write with 403', async () => {
    const { key } = await api.newCaller('api-v1-videos-refused');
    expect(await answer(await create(key, BODY, 'k'.repeat(256)))).toMatchObject({
      status: 400,
      body: { error: { code: ErrorCode.Validation, message: 'Idempotency-Key must be at most 255 characters' } },
    });
    expect(await answer(await create(key, { ...BODY, webhook_url: 'ftp://example.com/x' }))).toMatchObject({ status: 400, body: { error: { code: ErrorCode.Validation, message: 'webhook_url must be an http(s) URL' } } });
    expect(await answer(await api.call(key, 'GET', '/videos/not-a-uuid'))).toEqual({ status: 404, body: { error: { code: ErrorCode.NotFound, message: 'No such video', details: null } } });
    expect((await api.call(key, 'DELETE', '/videos/not-a-uuid')).status).toBe(404);
    expect((await api.call(key, 'GET', `/videos/${crypto.randomUUID()}`)).status).toBe(404);

    const reader = await api.newCaller('api-v1-videos-reader', ['videos:read']);
    expect(await answer(await create(reader.key))).toEqual({
      status: 403,
      body: { error: { code: ErrorCode.Forbidden, message: 'This API key lacks the scope videos:write', details: { required: ['videos:write'], missing: ['videos:write'] } } },
    });
    expect(await answer(await api.call(reader.key, 'GET', '/videos'))).toEqual({ status: 200, body: { data: [], next_cursor: null } });
  });

  it('refuses a webhook_url on a private, link-local or metadata address at creation (400), before any video or credit', async () => {
    const { user, key } = await api.newCaller('api-v1-videos-private-hook');
    const before = await account(user.id);
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'https://10.1.2.3/hooks', 'http://[::ffff:192.168.0.7]:8080/hooks']) {
      expect(await answer(await create(key, { ...BODY, webhook_url: url }))).toEqual({
        status: 400,
        body: {
          error: {
            code: ErrorCode.Validation,
            message: expect.stringMatching(/^webhook_url must reach the public internet: .* resolves to a forbidden address: .* is a private, loopback, link-local or reserved address$/),
            details: { field: 'webhook_url' },
          },
        },
      });
    }
    expect(await answer(await api.call(key, 'GET', '/videos'))).toEqual({ status: 200, body: { data: [], next_cursor: null } });
    expect(await account(user.id)).toEqual(before);
  });

  it('answers 402 with the plan facts to a free user who has used the 3 free generations', async () => {
    const { user, key } = await api.newCaller('api-v1-videos-free');
    for (let index = 0; index < 3; index++) {
      const jobId = crypto.randomUUID();
      await api.client(billingService).send(Subjects.billing.creditsReserve, { userId: user.id, jobId });
      await api.client(billingService).send(Subjects.billing.creditsCommit, { jobId });
    }
    expect(await answer(await create(key))).toEqual({
      status: 402,
      body: { error: { code: ErrorCode.PaymentRequired, message: 'No generations left', details: { requiresPayment: true, limit: 3, requiresAdditionalOnly: false } } },
    });
    expect(await (await api.call(key, 'GET', '/videos')).json()).toEqual({ data: [], next_cursor: null });
  });
});
