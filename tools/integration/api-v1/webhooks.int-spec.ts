/* eslint-disable @nx/enforce-module-boundaries -- the test runs the real services beside the gateway */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ErrorCode, type ApiKeyScope, type CreatedWebhookEndpoint, type WebhookDelivery, type WebhookEndpoint, type WebhookPayload, type WebhookVideoData } from '@lipcast/contracts';
import { pollUntil } from '../../lib/poll';
import { caughtMailTo } from '../../mail/inbox';
import { startWebhookReceiver, type WebhookReceiver } from '../../webhooks/receiver';
import { authService } from '../../../services/auth/src/service';
import { billingService } from '../../../services/billing/src/service';
import { contentService } from '../../../services/content/src/service';
import { generationService } from '../../../services/generation/src/service';
import { answer, startPublicApiTestBed, type PublicApiTestBed } from './testing';
import type { ApiV1VideoDto } from '../../../gateway/src/api-v1/videos.dto';
import type { ApiV1CreatedWebhookEndpointDto, ApiV1WebhookDeliveryListDto } from '../../../gateway/src/api-v1/webhooks.dto';

jest.setTimeout(180_000);

const ACTOR_ID = 'ipfs-puppet-video-2';
const VIDEO = { actor: ACTOR_ID, script: 'Webhooks tell you when it is done.', voice: 'Friendly_Person' };

/** The check of `Lipcast-Signature` in docs/api.md ("Using the API"), as a receiver copies it. */
function verifyLipcastSignature(secret: string, header: string | undefined, rawBody: string, toleranceSeconds = 300): boolean {
  if (!header) return false;
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([name]) => name === 't')?.[1]);
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest();
  return parts
    .filter(([name, value]) => name === 'v1' && /^[0-9a-f]{64}$/.test(value ?? ''))
    .some(([, value]) => timingSafeEqual(Buffer.from(value!, 'hex'), expected));
}

/** `/api/v1/webhooks` and the profile's `/api/webhooks` against the real auth, billing, generation and content (mail, to the runner's catcher) services. */
describe('webhooks over HTTP (/api/v1/webhooks, /api/webhooks)', () => {
  let api: PublicApiTestBed;
  let receiver: WebhookReceiver;

  /** A signed-in user with a key of these scopes: their id, session cookie and key. */
  const newCaller = (name: string, scopes: ApiKeyScope[] = ['videos:read', 'videos:write', 'webhooks:manage'], email?: string) => api.newCaller(name, scopes, email);
  const deliveries = async (key: string, query = '') => ((await (await api.call(key, 'GET', `/webhooks/deliveries${query}`)).json()) as ApiV1WebhookDeliveryListDto).data;

  beforeAll(async () => {
    api = await startPublicApiTestBed({
      services: [authService, billingService, generationService, contentService],
      // The receiver is on 127.0.0.1, which production refuses.
      // One failed delivery (two attempts, 100 ms apart) disables an endpoint (20 by default).
      serviceEnv: { WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_DISABLE_AFTER_FAILURES: '1', WEBHOOK_RETRY_SCHEDULE: '100ms' },
      actorClip: ACTOR_ID,
    });
  });

  beforeEach(async () => (receiver = await startWebhookReceiver()));
  afterEach(() => receiver.close());

  afterAll(() => api?.close());

  it('registers an endpoint, delivers a signed video.succeeded for a video made through the API, logs it, and redelivers it', async () => {
    const { key } = await newCaller('api-v1-webhooks-owner');
    const created = await api.call(key, 'POST', '/webhooks', { url: receiver.url, events: ['video.succeeded', 'video.failed'] });
    const endpoint = (await answer(created)) as { status: number; body: ApiV1CreatedWebhookEndpointDto };
    expect(endpoint).toEqual({
      status: 201,
      body: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), url: receiver.url, events: ['video.succeeded', 'video.failed'], created_at: expect.any(String), disabled: false, secret: expect.stringMatching(/^whsec_/) },
    });
    const { secret, ...listed } = endpoint.body;
    // The secret is shown once: the list leaves it out.
    expect(await answer(await api.call(key, 'GET', '/webhooks'))).toEqual({ status: 200, body: { data: [listed] } });

    const video = (await (await api.call(key, 'POST', '/videos', { ...VIDEO, metadata: { order: 'A-17' } })).json()) as { id: string };
    const [delivery] = await pollUntil(async () => {
      const logged = await deliveries(key);
      return logged.length === 1 && logged[0]!.status !== 'pending' && logged;
    }, 150_000);
    expect(delivery).toEqual({
      id: expect.any(String),
      endpoint_id: endpoint.body.id,
      url: receiver.url,
      event: 'video.succeeded',
      payload: expect.objectContaining({ event: 'video.succeeded', data: expect.objectContaining({ video_id: video.id, status: 'succeeded' }) }),
      status: 'delivered',
      attempts: 1,
      next_attempt_at: null,
      last_status_code: 200,
      last_error: null,
      created_at: expect.any(String),
      delivered_at: expect.any(String),
      attempt_log: [{ at: expect.any(String), status_code: 200, error: null, duration_ms: expect.any(Number) }],
    });

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request!.headers['lipcast-event']).toBe('video.succeeded');
    expect(request!.headers['lipcast-delivery']).toBe(delivery!.id);
    expect(verifyLipcastSignature(secret, request!.headers['lipcast-signature'] as string, request!.body)).toBe(true);
    expect(verifyLipcastSignature(`${secret}x`, request!.headers['lipcast-signature'] as string, request!.body)).toBe(false);
    expect(JSON.parse(request!.body) as WebhookPayload).toEqual(delivery!.payload);
    // It says what GET /videos/{id} would (its files as paths on the site), and they answer with the key.
    const data = delivery!.payload.data as WebhookVideoData;
    expect(data).toMatchObject({
      url: `/api/v1/videos/${video.id}/file`,
      captions_url: `/api/v1/videos/${video.id}/captions`,
      poster_url: `/api/v1/videos/${video.id}/poster`,
      format: 'portrait-card',
      metadata: { order: 'A-17' },
    });
    const got = (await (await api.call(key, 'GET', `/videos/${video.id}`)).json()) as ApiV1VideoDto;
    expect({ url: got.url, captions_url: got.captions_url, poster_url: got.poster_url, format: got.format, metadata: got.metadata }).toEqual({
      url: `${api.base}${data.url}`,
      captions_url: `${api.base}${data.captions_url}`,
      poster_url: `${api.base}${data.poster_url}`,
      format: data.format,
      metadata: data.metadata,
    });
    const captions = await fetch(`${api.base}${data.captions_url}`, { headers: { authorization: `Bearer ${key}` } });
    expect([captions.status, captions.headers.get('content-type')]).toEqual([200, 'text/vtt; charset=utf-8']);
    expect(await captions.text()).toMatch(/^WEBVTT/);
    const poster = await fetch(`${api.base}${data.poster_url}`, { headers: { authorization: `Bearer ${key}` } });
    expect([poster.status, poster.headers.get('content-type')]).toEqual([200, 'image/webp']);
    // One endpoint's deliveries, and none of another (unknown) endpoint.
    expect((await deliveries(key, `?endpoint_id=${endpoint.body.id}&limit=5`)).map((each) => each.id)).toEqual([delivery!.id]);
    expect(await deliveries(key, `?endpoint_id=${crypto.randomUUID()}`)).toEqual([]);

    const redelivered = await api.call(key, 'POST', `/webhooks/deliveries/${delivery!.id}/redeliver`);
    expect(await answer(redelivered)).toMatchObject({ status: 200, body: { id: delivery!.id, endpoint_id: endpoint.body.id } });
    const [again] = await pollUntil(async () => {
      const logged = await deliveries(key);
      return logged[0]!.attempts === 2 && logged[0]!.status !== 'pending' && logged;
    }, 15_000);
    expect(again!.attempt_log.map((attempt) => attempt.status_code)).toEqual([200, 200]);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.headers['lipcast-delivery']).toBe(delivery!.id);
    expect(verifyLipcastSignature(secret, receiver.received[1]!.headers['lipcast-signature'] as string, receiver.received[1]!.body)).toBe(true);
    // At most 10 redeliveries to an endpoint in an hour (WEBHOOK_REDELIVERIES_PER_HOUR): the 11th is a 429 that says why.
    for (let index = 1; index < 10; index++) expect((await api.call(key, 'POST', `/webhooks/deliveries/${delivery!.id}/redeliver`)).status).toBe(200);
    expect(await answer(await api.call(key, 'POST', `/webhooks/deliveries/${delivery!.id}/redeliver`))).toEqual({
      status: 429,
      body: { error: { code: ErrorCode.RateLimited, message: 'This webhook endpoint was redelivered 10 times in the last hour, the most allowed: try again later', details: { limit: 10 } } },
    });

    expect(await answer(await api.call(key, 'DELETE', `/webhooks/${endpoint.body.id}`))).toEqual({ status: 200, body: { id: endpoint.body.id, deleted: true } });
    expect(await answer(await api.call(key, 'GET', '/webhooks'))).toEqual({ status: 200, body: { data: [] } });
    await api.call(key, 'DELETE', `/videos/${video.id}`);
  });

  it('disables an endpoint whose deliveries failed WEBHOOK_DISABLE_AFTER_FAILURES times in a row (1 here): listed disabled, saying why, it gets no new event; its owner gets one mail, and only they enable it (the profile\'s session route or the key\'s); deliveries resume', async () => {
    const email = `hooks-disabled-${crypto.randomUUID()}@example.test`;
    const { cookie, key } = await newCaller('api-v1-webhooks-disabled', undefined, email);
    const endpoint = (await (await api.call(key, 'POST', '/webhooks', { url: receiver.url, events: ['video.succeeded'] })).json()) as ApiV1CreatedWebhookEndpointDto;
    const { secret, ...listed } = endpoint;
    expect(secret).toMatch(/^whsec_/);
    const video = async () => {
      const { id } = (await (await api.call(key, 'POST', '/videos', VIDEO)).json()) as { id: string };
      return pollUntil(async () => {
        const got = (await (await api.call(key, 'GET', `/videos/${id}`)).json()) as ApiV1VideoDto;
        return got.status !== 'queued' && got.status !== 'running' && got;
      }, 150_000);
    };
    const settled = (count: number) =>
      pollUntil(async () => {
        const logged = await deliveries(key);
        return logged.length === count && logged.every((delivery) => delivery.status !== 'pending') && logged;
      }, 30_000);
    const profileListed = async () => (await answer(await api.session(cookie, 'GET', '/webhooks'))).body as WebhookEndpoint[];
    // Its videos' "video ready" mails go to the same address.
    const disabledMails = async () => (await caughtMailTo(email)).filter((mail) => mail.subject === 'Your webhook endpoint was disabled');

    // Both attempts answered 500: the delivery failed, and the endpoint is disabled.
    receiver.statuses.push(500, 500);
    await video();
    expect((await settled(1))[0]).toMatchObject({ status: 'failed', attempts: 2, last_status_code: 500 });
    expect(await answer(await api.call(key, 'GET', '/webhooks'))).toEqual({ status: 200, body: { data: [{ ...listed, disabled: true }] } });
    // The profile's list says why: the failed deliveries in a row that disabled it.
    expect(await profileListed()).toEqual([{ id: endpoint.id, url: receiver.url, events: ['video.succeeded'], createdAt: endpoint.created_at, disabled: true, consecutiveFailures: 1 }]);

    // Its owner is told, by mail: which endpoint, why, and how to enable it again.
    const [mail] = await pollUntil(async () => {
      const caught = await disabledMails();
      return caught.length > 0 && caught;
    }, 15_000);
    expect(mail!.text).toContain(`Lipcast disabled your webhook endpoint ${receiver.url} after 1 failed delivery in a row`);
    expect(mail!.text).toMatch(new RegExp(`POST https?://\\S+/api/v1/webhooks/${endpoint.id}/enable with a key of the webhooks:manage scope`));
    expect(mail!.text).toMatch(/Enable it in your profile: https?:\/\/\S+\/profile\n/);

    // A new event makes no delivery to it.
    expect((await video()).status).toBe('succeeded');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await deliveries(key)).toHaveLength(1);
    expect(receiver.received).toHaveLength(2);
    // One disabling, one mail.
    expect(await disabledMails()).toHaveLength(1);

    const stranger = await newCaller('api-v1-webhooks-disabled-stranger');
    expect(await answer(await api.call(stranger.key, 'POST', `/webhooks/${endpoint.id}/enable`))).toEqual({ status: 404, body: { error: { code: ErrorCode.NotFound, message: 'No such webhook endpoint', details: null } } });
    expect((await api.session(stranger.cookie, 'POST', `/webhooks/${endpoint.id}/enable`)).status).toBe(404);
    expect((await answer(await api.call(key, 'GET', '/webhooks'))).body).toEqual({ data: [{ ...listed, disabled: true }] });
    // The profile's Enable: a same-site session write, never with a key.
    expect((await fetch(`${api.base}/api/webhooks/${endpoint.id}/enable`, { method: 'POST', headers: { cookie, origin: 'https://evil.example' } })).status).toBe(403);
    expect((await fetch(`${api.base}/api/webhooks/${endpoint.id}/enable`, { method: 'POST', headers: { authorization: `Bearer ${key}`, origin: api.base } })).status).toBe(401);
    expect(await answer(await api.session(cookie, 'POST', `/webhooks/${endpoint.id}/enable`))).toEqual({
      status: 200,
      body: { id: endpoint.id, url: receiver.url, events: ['video.succeeded'], createdAt: endpoint.created_at, disabled: false, consecutiveFailures: 0 },
    });
    expect(await profileListed()).toEqual([expect.objectContaining({ disabled: false, consecutiveFailures: 0 })]);
    // Enabling an enabled endpoint (here with the key) changes nothing.
    expect(await answer(await api.call(key, 'POST', `/webhooks/${endpoint.id}/enable`))).toEqual({ status: 200, body: { ...listed, disabled: false } });
    expect((await answer(await api.call(key, 'GET', '/webhooks'))).body).toEqual({ data: [{ ...listed, disabled: false }] });

    // Deliveries resume.
    const resumed = await video();
    expect((await settled(2))[0]).toMatchObject({ endpoint_id: endpoint.id, status: 'delivered', payload: expect.objectContaining({ data: expect.objectContaining({ video_id: resumed.id }) }) });
    expect(receiver.received).toHaveLength(3);
    expect(await disabledMails()).toHaveLength(1);
  });

  it("answers the signing secret for a video's own webhook_url, the same every time", async () => {
    const { key } = await newCaller('api-v1-webhooks-secret');
    const first = (await answer(await api.call(key, 'GET', '/webhooks/signing-secret'))) as { status: number; body: { secret: string } };
    expect(first).toEqual({ status: 200, body: { secret: expect.stringMatching(/^whsec_/) } });
    expect((await answer(await api.call(key, 'GET', '/webhooks/signing-secret'))).body).toEqual(first.body);
    const other = await newCaller('api-v1-webhooks-secret-other');
    expect(((await answer(await api.call(other.key, 'GET', '/webhooks/signing-secret'))).body as { secret: string }).secret).not.toBe(first.body.secret);
  });

  it("refuses a key without webhooks:manage (403), bad input (400), and another user's endpoint or delivery (404)", async () => {
    const owner = await newCaller('api-v1-webhooks-refused');
    const reader = await newCaller('api-v1-webhooks-reader', ['videos:read']);
    expect(await answer(await api.call(reader.key, 'GET', '/webhooks'))).toEqual({
      status: 403,
      body: { error: { code: ErrorCode.Forbidden, message: 'This API key lacks the scope webhooks:manage', details: { required: ['webhooks:manage'], missing: ['webhooks:manage'] } } },
    });
    expect((await api.call(reader.key, 'POST', '/webhooks', { url: receiver.url, events: ['video.succeeded'] })).status).toBe(403);
    expect((await api.call(reader.key, 'GET', '/webhooks/deliveries')).status).toBe(403);
    expect((await api.call(reader.key, 'GET', '/webhooks/signing-secret')).status).toBe(403);
    expect((await api.call(reader.key, 'POST', `/webhooks/${crypto.randomUUID()}/enable`)).status).toBe(403);

    expect(await answer(await api.call(owner.key, 'POST', '/webhooks', { url: 'ftp://example.com/hooks', events: ['video.succeeded'] }))).toMatchObject({
      status: 400,
      body: { error: { code: ErrorCode.Validation, message: 'url must be an http or https URL' } },
    });
    expect(await answer(await api.call(owner.key, 'POST', '/webhooks', { url: receiver.url, events: ['video.started'] }))).toMatchObject({ status: 400, body: { error: { code: ErrorCode.Validation } } });

    expect(await answer(await api.call(owner.key, 'GET', '/webhooks/deliveries?limit=ten'))).toEqual({
      status: 400,
      body: { error: { code: ErrorCode.Validation, message: 'limit must be a whole number from 1 to 200', details: null } },
    });
    expect(await answer(await api.call(owner.key, 'GET', '/webhooks/deliveries?limit=500'))).toMatchObject({ status: 400, body: { error: { code: ErrorCode.Validation } } });

    const { id } = (await (await api.call(owner.key, 'POST', '/webhooks', { url: receiver.url, events: ['video.failed'] })).json()) as ApiV1CreatedWebhookEndpointDto;
    const stranger = await newCaller('api-v1-webhooks-stranger');
    expect(await answer(await api.call(stranger.key, 'DELETE', `/webhooks/${id}`))).toEqual({ status: 404, body: { error: { code: ErrorCode.NotFound, message: 'No such webhook endpoint', details: null } } });
    expect((await api.call(stranger.key, 'DELETE', '/webhooks/not-a-uuid')).status).toBe(404);
    expect(await answer(await api.call(stranger.key, 'POST', `/webhooks/${id}/enable`))).toEqual({ status: 404, body: { error: { code: ErrorCode.NotFound, message: 'No such webhook endpoint', details: null } } });
    expect((await api.call(stranger.key, 'POST', '/webhooks/not-a-uuid/enable')).status).toBe(404);
    expect(await answer(await api.call(stranger.key, 'POST', `/webhooks/deliveries/${crypto.randomUUID()}/redeliver`))).toEqual({
      status: 404,
      body: { error: { code: ErrorCode.NotFound, message: 'No such webhook delivery', details: null } },
    });
    expect((await api.call(stranger.key, 'POST', '/webhooks/deliveries/not-a-uuid/redeliver')).status).toBe(404);
    // The owner's endpoint is still there.
    expect(((await (await api.call(owner.key, 'GET', '/webhooks')).json()) as { data: { id: string }[] }).data.map((each) => each.id)).toEqual([id]);
  });

  it("manages endpoints through the profile's session routes, same-site writes only, never with a key", async () => {
    const { cookie, key } = await newCaller('api-webhooks-session');
    const created = await api.session(cookie, 'POST', '/webhooks', { url: receiver.url, events: ['batch.completed'] });
    const endpoint = (await answer(created)) as { status: number; body: CreatedWebhookEndpoint };
    expect(endpoint).toEqual({
      status: 201,
      body: { id: expect.any(String), url: receiver.url, events: ['batch.completed'], createdAt: expect.any(String), disabled: false, consecutiveFailures: 0, secret: expect.stringMatching(/^whsec_/) },
    });
    const listed: WebhookEndpoint = { id: endpoint.body.id, url: receiver.url, events: ['batch.completed'], createdAt: endpoint.body.createdAt, disabled: false, consecutiveFailures: 0 };
    expect(await answer(await api.session(cookie, 'GET', '/webhooks'))).toEqual({ status: 200, body: [listed] });
    expect(await answer(await api.session(cookie, 'GET', '/webhooks/deliveries?endpoint_id=&limit='))).toEqual({ status: 200, body: [] satisfies WebhookDelivery[] });
    expect((await api.session(cookie, 'POST', `/webhooks/deliveries/${crypto.randomUUID()}/redeliver`)).status).toBe(404);

    // A cross-site write is refused, and a key does not open the session routes.
    const crossSite = await fetch(`${api.base}/api/webhooks/${endpoint.body.id}`, { method: 'DELETE', headers: { cookie, origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(403);
    expect((await fetch(`${api.base}/api/webhooks`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(401);

    expect(await answer(await api.session(cookie, 'DELETE', `/webhooks/${endpoint.body.id}`))).toEqual({ status: 200, body: { deleted: true } });
    expect(await answer(await api.session(cookie, 'GET', '/webhooks'))).toEqual({ status: 200, body: [] });
  });
});
