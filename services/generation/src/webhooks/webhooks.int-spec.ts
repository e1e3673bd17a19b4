/* eslint-disable @nx/enforce-module-boundaries -- test-only code: the tools' polling helper and webhook receiver */
import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { actorClipKey, ErrorCode, mediaUrl, Subjects, type CreatedWebhookEndpoint, type JobState, type WebhookEvent, type WebhookPayload, type WebhookVideoData } from '@lipcast/contracts';
import { pollUntil } from '../../../../tools/lib/poll';
import { startWebhookReceiver, type WebhookReceiver } from '../../../../tools/webhooks/receiver';
import { generationDatabase, millisecondsAgo } from '../database';
import { GenerationSettings } from '../settings';
import { seedActorClip, startTestBed, type TestBed } from '../testing';
import { encryptSecret, newWebhookSecret } from './secret-box';
import { WEBHOOK_SWEEP_GRACE_MS, WebhookDeliverySweeper } from './webhook-delivery-sweeper';
import { WebhookQueue } from './webhook-queue';
import { verifyWebhookSignature } from './webhook-signature';
import { WebhooksRepository, type AttemptOutcome } from './webhooks.repository';

const ACTOR_ID = 'ipfs-puppet-video-2';
const ACTOR_URL = mediaUrl(actorClipKey(ACTOR_ID));
const FIRST_RETRY_MS = 200;
/** WEBHOOK_DISABLE_AFTER_FAILURES in this test (default 20). */
const DISABLE_AFTER = 3;

jest.setTimeout(120_000);

/** Starts the service with the given webhook settings (read at start). */
async function startBed(allowLoopback: boolean): Promise<TestBed> {
  process.env.WEBHOOK_ALLOW_LOOPBACK = String(allowLoopback);
  process.env.WEBHOOK_RETRY_SCHEDULE = `${FIRST_RETRY_MS}ms,400ms`;
  process.env.WEBHOOK_DISABLE_AFTER_FAILURES = String(DISABLE_AFTER);
  return startTestBed((storage, folder) => seedActorClip(storage, ACTOR_ID, folder).then(() => undefined));
}

describe('outbound webhooks over NATS', () => {
  let bed: TestBed;
  let receiver: WebhookReceiver;
  const send: TestBed['send'] = (subject, data) => bed.send(subject, data);

  /** A lip-sync job of a new user, to its end (its video only triggers the events: a short line, rendered in half the time of a sentence). */
  async function finishedLipSync(userId: string): Promise<JobState> {
    const audio = await send(Subjects.generation.audioCreate, { userId, text: 'It is done.', voice_id: 'Friendly_Person' });
    const started = await send(Subjects.generation.lipsyncStart, { userId, video: ACTOR_URL, audio: audio.url });
    return bed.finished(userId, started.id);
  }

  const deliveries = (userId: string) => send(Subjects.generation.webhookDeliveriesList, { userId });
  const settled = (userId: string, count = 1) =>
    pollUntil(async () => {
      const listed = await deliveries(userId);
      return listed.length >= count && listed.every((delivery) => delivery.status !== 'pending') && listed;
    }, 30_000);
  const register = (userId: string, events: WebhookEvent[] = ['video.succeeded']) =>
    send(Subjects.generation.webhookEndpointCreate, { userId, url: receiver.url, events });
  /** Runs `work` in the running service, with its repository, in a request context of its own. */
  const inService = <T>(work: (repository: WebhooksRepository) => Promise<T>) => {
    const orm = bed.generation.app.get(MikroORM);
    return RequestContext.create(orm.em, () => work(bed.generation.app.get(WebhooksRepository)));
  };
  /** An endpoint written straight into the database, past the registration's address check (as one whose name has resolved elsewhere since). */
  const storedEndpoint = (userId: string, url: string) => {
    const secret = newWebhookSecret();
    const key = bed.generation.app.get(GenerationSettings).WEBHOOK_SECRET_KEY;
    return inService(async (repository) => ({ secret, endpoint: (await repository.createEndpointWithin(Infinity, userId, url, ['video.succeeded'], encryptSecret(key, secret)))! }));
  };

  beforeEach(async () => (receiver = await startWebhookReceiver()));
  afterEach(() => receiver.close());

  describe('with loopback allowed (the test setting)', () => {
    beforeAll(async () => (bed = await startBed(true)), 60_000);
    afterAll(() => bed?.close());

    it('registers endpoints, shows the secret once, lists and deletes them', async () => {
      const userId = crypto.randomUUID();
      const created = await register(userId, ['video.succeeded', 'video.failed']);
      expect(created.secret).toMatch(/^whsec_[\w-]{43}$/);
      const listed = await send(Subjects.generation.webhookEndpointsList, { userId });
      expect(listed).toEqual([{ id: created.id, url: receiver.url, events: ['video.succeeded', 'video.failed'], createdAt: created.createdAt, disabled: false, consecutiveFailures: 0 }]);
      await expect(send(Subjects.generation.webhookEndpointCreate, { userId, url: 'ftp://example.com/', events: ['video.succeeded'] })).rejects.toThrow('url must be an http or https URL');
      await expect(send(Subjects.generation.webhookEndpointCreate, { userId, url: receiver.url, events: ['video.started' as WebhookEvent] })).rejects.toThrow('events must be among');
      await expect(send(Subjects.generation.webhookEndpointDelete, { userId: crypto.randomUUID(), endpointId: created.id })).rejects.toThrow('No such webhook endpoint');
      await send(Subjects.generation.webhookEndpointDelete, { userId, endpointId: created.id });
      expect(await send(Subjects.generation.webhookEndpointsList, { userId })).toEqual([]);
    });

    it('refuses an 11th endpoint of one user (WEBHOOK_ENDPOINTS_PER_USER, default 10), saying why; another user is not affected, and a deleted one frees a place', async () => {
      const userId = crypto.randomUUID();
      const created: CreatedWebhookEndpoint[] = [];
      for (let index = 0; index < 10; index++) created.push(await send(Subjects.generation.webhookEndpointCreate, { userId, url: `${receiver.url}/${index}`, events: ['video.succeeded'] }));
      await expect(register(userId)).rejects.toMatchObject({ code: ErrorCode.Validation, message: 'You have 10 webhook endpoints, the most allowed: delete one before adding another' });
      expect(await send(Subjects.generation.webhookEndpointsList, { userId })).toHaveLength(10);
      await register(crypto.randomUUID());
      await send(Subjects.generation.webhookEndpointDelete, { userId, endpointId: created[0]!.id });
      await register(userId);
      expect(await send(Subjects.generation.webhookEndpointsList, { userId })).toHaveLength(10);
    });

    it('delivers a signed video.succeeded when a lip-sync succeeds, only to endpoints subscribed to it; a manual redelivery is one more attempt', async () => {
      const userId = crypto.randomUUID();
      const endpoint = await register(userId);
      await send(Subjects.generation.webhookEndpointCreate, { userId, url: `${receiver.url}/failures-only`, events: ['video.failed'] });
      const job = await finishedLipSync(userId);
      expect(job.status).toBe('succeeded');

      const [delivery] = await settled(userId);
      expect(delivery).toMatchObject({ endpointId: endpoint.id, event: 'video.succeeded', status: 'delivered', attempts: 1, lastStatusCode: 200, lastError: null });
      expect(receiver.received).toHaveLength(1);
      const [request] = receiver.received;
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['lipcast-event']).toBe('video.succeeded');
      expect(request.headers['lipcast-delivery']).toBe(delivery.id);
      expect(verifyWebhookSignature(endpoint.secret, request.headers['lipcast-signature'] as string, request.body)).toBe(true);
      expect(verifyWebhookSignature(endpoint.secret, request.headers['lipcast-signature'] as string, request.body.replace('succeeded', 'failed'))).toBe(false);
      const payload = JSON.parse(request.body) as WebhookPayload;
      expect(payload).toMatchObject({ id: delivery.id, event: 'video.succeeded', data: { video_id: job.id, job_id: job.id, kind: 'lipsync', status: 'succeeded', url: job.url, error: null } });
      expect((payload.data as WebhookVideoData).duration).toBeGreaterThan(0);
      // An app job's files (not an API video's) are on the media route, as its state names them.
      expect(job.captions?.vttUrl).toMatch(/^\/api\/media\/.+\.vtt$/);
      expect(job.posterUrl).toMatch(/^\/api\/media\/.+\.webp$/);
      expect(payload.data).toMatchObject({ captions_url: job.captions!.vttUrl, poster_url: job.posterUrl, format: 'portrait-card', metadata: null });

      const redelivered = await send(Subjects.generation.webhookRedeliver, { userId, deliveryId: delivery.id });
      expect(redelivered.id).toBe(delivery.id);
      const [again] = await pollUntil(async () => {
        const listed = await deliveries(userId);
        return listed[0]!.attempts === 2 && listed;
      }, 10_000);
      expect(again).toMatchObject({ status: 'delivered', attempts: 2 });
      expect(again.attemptLog.map((attempt) => attempt.statusCode)).toEqual([200, 200]);
      expect(receiver.received).toHaveLength(2);
      expect(receiver.received[1]!.headers['lipcast-delivery']).toBe(delivery.id);
      expect(receiver.received[1]!.body).toBe(request.body);
      await expect(send(Subjects.generation.webhookRedeliver, { userId: crypto.randomUUID(), deliveryId: delivery.id })).rejects.toThrow('No such webhook delivery');
    });

    it('refuses an 11th manual redelivery to one endpoint within an hour (WEBHOOK_REDELIVERIES_PER_HOUR, default 10) as rate limited, saying why; another endpoint is not affected', async () => {
      const userId = crypto.randomUUID();
      const first = await register(userId);
      const second = await send(Subjects.generation.webhookEndpointCreate, { userId, url: `${receiver.url}/second`, events: ['video.succeeded'] });
      /** A delivered row of `endpointId`, as `videoEnded` writes it (no job needed to redeliver it). */
      const storedDelivery = (endpointId: string, url: string) =>
        inService(async (repository) => {
          const id = crypto.randomUUID();
          const payload: WebhookPayload = { id, event: 'video.succeeded', created_at: new Date().toISOString(), data: { video_id: id, job_id: id, kind: 'lipsync', status: 'succeeded', url: null, duration: 2, error: null } };
          return repository.createDelivery({ id, userId, endpointId, url, event: 'video.succeeded', payload });
        });
      const [one, two, other] = [await storedDelivery(first.id, first.url), await storedDelivery(first.id, first.url), await storedDelivery(second.id, second.url)];
      const redeliver = (deliveryId: string) => send(Subjects.generation.webhookRedeliver, { userId, deliveryId });

      // Counted per endpoint, whichever of its deliveries is redelivered.
      for (let index = 0; index < 10; index++) expect((await redeliver(index % 2 ? one.id : two.id)).endpointId).toBe(first.id);
      await expect(redeliver(one.id)).rejects.toMatchObject({
        code: ErrorCode.RateLimited,
        message: 'This webhook endpoint was redelivered 10 times in the last hour, the most allowed: try again later',
      });
      await expect(redeliver(two.id)).rejects.toMatchObject({ code: ErrorCode.RateLimited });
      expect((await redeliver(other.id)).endpointId).toBe(second.id);
      // The 11 redeliveries let through were sent, the refused ones were not.
      await pollUntil(() => receiver.received.length >= 11, 10_000);
      expect(receiver.received).toHaveLength(11);
    });

    it('retries after a 500 with the schedule\'s wait, recording both attempts, until delivered', async () => {
      const userId = crypto.randomUUID();
      await register(userId);
      receiver.statuses.push(500);
      await finishedLipSync(userId);

      const [delivery] = await settled(userId);
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200 });
      expect(delivery!.attemptLog.map(({ statusCode, error }) => ({ statusCode, error }))).toEqual([
        { statusCode: 500, error: 'the receiver answered HTTP 500' },
        { statusCode: 200, error: null },
      ]);
      expect(receiver.received).toHaveLength(2);
      expect(receiver.received[1]!.at - receiver.received[0]!.at).toBeGreaterThanOrEqual(FIRST_RETRY_MS);
    });

    it('sweeps a delivery written but never queued (its process died in between): queued again once, then delivered signed', async () => {
      const userId = crypto.randomUUID();
      const { secret, endpoint } = await storedEndpoint(userId, receiver.url);
      const id = crypto.randomUUID();
      const payload: WebhookPayload = {
        id,
        event: 'video.succeeded',
        created_at: new Date().toISOString(),
        data: { video_id: id, job_id: id, kind: 'lipsync', status: 'succeeded', url: null, duration: 2, error: null },
      };
      // The row as `videoEnded` writes it, due longer ago than the grace period, and never published.
      await inService(async (repository) => {
        await repository.createDelivery({ id, userId, endpointId: endpoint.id, url: receiver.url, event: 'video.succeeded', payload });
        await generationDatabase(bed.generation.app.get(MikroORM).em.fork()).updateTable('webhook_delivery').set({ nextAttemptAt: millisecondsAgo(WEBHOOK_SWEEP_GRACE_MS + 60_000) }).where('id', '=', id).execute();
      });
      expect((await deliveries(userId))[0]).toMatchObject({ id, status: 'pending', attempts: 0 });

      const sweeper = bed.generation.app.get(WebhookDeliverySweeper);
      expect(await inService(() => sweeper.sweep())).toContain(id);
      // Claimed: the next sweep leaves it to the queue.
      expect(await inService(() => sweeper.sweep())).not.toContain(id);

      const [delivery] = await settled(userId);
      expect(delivery).toMatchObject({ id, status: 'delivered', attempts: 1, lastStatusCode: 200 });
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0]!.headers['lipcast-delivery']).toBe(id);
      expect(verifyWebhookSignature(secret, receiver.received[0]!.headers['lipcast-signature'] as string, receiver.received[0]!.body)).toBe(true);
      expect(JSON.parse(receiver.received[0]!.body)).toEqual(payload);
    });

    it(`disables an endpoint after ${DISABLE_AFTER} failed deliveries in a row (WEBHOOK_DISABLE_AFTER_FAILURES, default 20), a success resetting the count; listed disabled, it gets no new event; its owner (no one else) enables it and deliveries resume`, async () => {
      const userId = crypto.randomUUID();
      const endpoint = await register(userId);
      const listed = async () => (await send(Subjects.generation.webhookEndpointsList, { userId }))[0]!;
      const failuresCounted = async () => (await inService((repository) => repository.endpoint(endpoint.id)))!.consecutiveFailures;
      let queued = 0;
      /** One more delivery to the endpoint, as `videoEnded` writes and queues it, to its end; `fails`: every attempt answered 500. */
      const delivered = async (fails: boolean) => {
        if (fails) receiver.statuses.push(500, 500, 500);
        const id = crypto.randomUUID();
        const payload: WebhookPayload = { id, event: 'video.succeeded', created_at: new Date().toISOString(), data: { video_id: id, job_id: id, kind: 'lipsync', status: 'succeeded', url: null, duration: 2, error: null } };
        await inService((repository) => repository.createDelivery({ id, userId, endpointId: endpoint.id, url: endpoint.url, event: 'video.succeeded', payload }));
        await bed.generation.app.get(WebhookQueue).enqueue(id, false, id);
        const [latest] = await settled(userId, ++queued);
        expect(latest).toMatchObject({ id, status: fails ? 'failed' : 'delivered' });
      };

      // Two failures, then a success: the count starts again.
      await delivered(true);
      await delivered(true);
      expect(await failuresCounted()).toBe(2);
      await delivered(false);
      expect(await failuresCounted()).toBe(0);
      for (let index = 0; index < DISABLE_AFTER - 1; index++) await delivered(true);
      expect(await listed()).toMatchObject({ id: endpoint.id, disabled: false });
      await delivered(true);
      expect(await listed()).toMatchObject({ id: endpoint.id, disabled: true, consecutiveFailures: DISABLE_AFTER });

      // Disabled: a new event makes no delivery to it, and it receives nothing.
      const received = receiver.received.length;
      expect((await finishedLipSync(userId)).status).toBe('succeeded');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await deliveries(userId)).toHaveLength(queued);
      expect(receiver.received).toHaveLength(received);
      // Nor is one queued before it was disabled sent: it ends failed, unsent; and it cannot be redelivered.
      const id = crypto.randomUUID();
      const payload: WebhookPayload = { id, event: 'video.succeeded', created_at: new Date().toISOString(), data: { video_id: id, job_id: id, kind: 'lipsync', status: 'succeeded', url: null, duration: 2, error: null } };
      await inService((repository) => repository.createDelivery({ id, userId, endpointId: endpoint.id, url: endpoint.url, event: 'video.succeeded', payload }));
      await bed.generation.app.get(WebhookQueue).enqueue(id, false, id);
      expect((await settled(userId, ++queued))[0]).toMatchObject({ id, status: 'failed', attempts: 0, lastError: 'not sent: the endpoint is disabled' });
      await expect(send(Subjects.generation.webhookRedeliver, { userId, deliveryId: id })).rejects.toMatchObject({
        code: ErrorCode.Conflict,
        message: 'This webhook endpoint is disabled: enable it before redelivering to it',
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(receiver.received).toHaveLength(received);
      expect(await failuresCounted()).toBe(DISABLE_AFTER);

      // Only its owner enables it; that resets the count.
      for (const endpointId of [endpoint.id, crypto.randomUUID()]) {
        await expect(send(Subjects.generation.webhookEndpointEnable, { userId: crypto.randomUUID(), endpointId })).rejects.toMatchObject({ code: ErrorCode.NotFound, message: 'No such webhook endpoint' });
      }
      expect(await listed()).toMatchObject({ disabled: true });
      const enabled = await send(Subjects.generation.webhookEndpointEnable, { userId, endpointId: endpoint.id });
      expect(enabled).toEqual({ id: endpoint.id, url: endpoint.url, events: ['video.succeeded'], createdAt: endpoint.createdAt, disabled: false, consecutiveFailures: 0 });
      expect(await listed()).toMatchObject({ disabled: false });
      expect(await failuresCounted()).toBe(0);

      // Deliveries resume: the next event reaches it.
      const job = await finishedLipSync(userId);
      const [delivery] = await settled(userId, queued + 1);
      expect(delivery).toMatchObject({ endpointId: endpoint.id, status: 'delivered', payload: expect.objectContaining({ data: expect.objectContaining({ job_id: job.id }) }) });
      expect(receiver.received).toHaveLength(received + 1);
    });

    it('reports the disabling to the one attempt that disabled the endpoint (the owner is mailed once), however many fail at once; a disabled endpoint keeps the count that disabled it', async () => {
      const userId = crypto.randomUUID();
      const { endpoint } = await storedEndpoint(userId, receiver.url);
      const counting = { id: endpoint.id, disableAfterFailures: DISABLE_AFTER };
      const failed = { statusCode: 500, error: 'the receiver answered HTTP 500', durationMs: 5 };
      /** One more delivery to the endpoint, its attempt recorded with `outcome`: what `recordAttempt` answers. */
      const recorded = (outcome: AttemptOutcome) =>
        inService(async (repository) => {
          const id = crypto.randomUUID();
          const payload: WebhookPayload = { id, event: 'video.succeeded', created_at: new Date().toISOString(), data: { video_id: id, job_id: id, kind: 'lipsync', status: 'succeeded', url: null, duration: 2, error: null } };
          await repository.createDelivery({ id, userId, endpointId: endpoint.id, url: endpoint.url, event: 'video.succeeded', payload });
          return repository.recordAttempt(id, failed, outcome, counting);
        });
      const stored = async () => (await inService((repository) => repository.endpoint(endpoint.id)))!;

      for (let index = 0; index < DISABLE_AFTER - 2; index++) expect(await recorded({ status: 'failed' })).toBeUndefined();
      // Three deliveries fail at once, two of them past the limit: one attempt disabled it, and only that one says so.
      const together = await Promise.all([recorded({ status: 'failed' }), recorded({ status: 'failed' }), recorded({ status: 'failed' })]);
      expect(together.filter(Boolean)).toEqual([{ failures: DISABLE_AFTER }]);
      expect(await stored()).toMatchObject({ disabled: true, consecutiveFailures: DISABLE_AFTER });
      // Attempts under way when it was disabled change nothing: a failure counts no more, a success resets nothing.
      expect(await recorded({ status: 'failed' })).toBeUndefined();
      expect(await recorded({ status: 'delivered' })).toBeUndefined();
      expect(await stored()).toMatchObject({ disabled: true, consecutiveFailures: DISABLE_AFTER });
    });

    it('fails a delivery once the schedule is over (every attempt answered 500)', async () => {
      const userId = crypto.randomUUID();
      await register(userId);
      receiver.statuses.push(500, 500, 500);
      await finishedLipSync(userId);

      const [delivery] = await settled(userId);
      expect(delivery).toMatchObject({ status: 'failed', attempts: 3, lastStatusCode: 500, nextAttemptAt: null });
      expect(receiver.received).toHaveLength(3);
    });
  });

  describe('with loopback not allowed (the default)', () => {
    beforeAll(async () => (bed = await startBed(false)), 60_000);
    afterAll(async () => {
      await bed?.close();
      delete process.env.WEBHOOK_ALLOW_LOOPBACK;
      delete process.env.WEBHOOK_RETRY_SCHEDULE;
      delete process.env.WEBHOOK_DISABLE_AFTER_FAILURES;
    });

    it('refuses to register a loopback, private, link-local or metadata URL, saying why', async () => {
      const userId = crypto.randomUUID();
      await expect(register(userId)).rejects.toThrow(/^url must reach the public internet: 127\.0\.0\.1 resolves to a forbidden address: 127\.0\.0\.1 is a private, loopback, link-local or reserved address$/);
      for (const url of ['http://localhost:8080/hooks', 'http://10.1.2.3/hooks', 'https://[::1]/hooks', 'http://169.254.169.254/latest/meta-data', 'http://192.168.0.10/hooks']) {
        await expect(send(Subjects.generation.webhookEndpointCreate, { userId, url, events: ['video.succeeded'] })).rejects.toMatchObject({
          code: ErrorCode.Validation,
          message: expect.stringMatching(/^url must reach the public internet: .* is a private, loopback, link-local or reserved address$/),
        });
      }
      expect(await send(Subjects.generation.webhookEndpointsList, { userId })).toEqual([]);
    });

    it('fails the delivery to a loopback receiver without connecting to it', async () => {
      const userId = crypto.randomUUID();
      await storedEndpoint(userId, receiver.url);
      await finishedLipSync(userId);

      const [delivery] = await settled(userId);
      expect(delivery).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: null });
      expect(delivery!.lastError).toMatch(/^refused: 127\.0\.0\.1 resolves to a forbidden address/);
      expect(receiver.received).toEqual([]);
    });
  });
});
