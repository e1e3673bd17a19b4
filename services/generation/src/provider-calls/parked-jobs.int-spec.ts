/* eslint-disable @nx/enforce-module-boundaries -- the service runs against the local Replicate stand-in */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MikroORM } from '@mikro-orm/postgresql';
import { ErrorCode, Subjects, type JobState, type ProviderWebhookRequest } from '@lipcast/contracts';
import { pollUntil } from '../../../../tools/lib/poll';
import { startReplicateStandIn, type ReplicateStandIn } from '../../../../tools/replicate/stand-in';
import { seedActorClip, startTestBed, type TestBed } from '../testing';

jest.setTimeout(90_000);

const TOKEN = 'r8_standin_parked_test';
const ACTOR = 'ipfs-puppet-video-7';
const ENV_NAMES = ['MEDIA_PROVIDER', 'REPLICATE_API_TOKEN', 'REPLICATE_API_URL', 'PROVIDER_JOB_CONCURRENCY', 'PROVIDER_POLL_SECONDS', 'PROVIDER_CALL_TIMEOUT_SECONDS', 'REPLICATE_WEBHOOK_URL'];

/** A generation service on the Replicate stand-in, with `env` on top; closed by the returned function. */
async function serviceOn(standIn: ReplicateStandIn, env: Record<string, string>): Promise<{ bed: TestBed; actorUrl: string }> {
  Object.assign(process.env, { MEDIA_PROVIDER: 'replicate', REPLICATE_API_TOKEN: TOKEN, REPLICATE_API_URL: standIn.url, PROVIDER_JOB_CONCURRENCY: '1' }, env);
  let actorUrl = '';
  const bed = await startTestBed(async (storage, folder) => {
    actorUrl = await seedActorClip(storage, ACTOR, folder);
  });
  return { bed, actorUrl };
}

async function lipSyncs(bed: TestBed, actorUrl: string, count: number): Promise<{ user: string; job: JobState }[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const user = crypto.randomUUID();
      const audio = await bed.send(Subjects.generation.audioCreate, { userId: user, text: `Parked job number ${index + 1}.`, voice_id: 'Calm_Woman' });
      return { user, job: await bed.send(Subjects.generation.lipsyncStart, { userId: user, video: actorUrl, audio: audio.url }) };
    }),
  );
}

describe('provider-bound jobs wait parked, without holding a worker', () => {
  let standIn: ReplicateStandIn;
  let bed: TestBed;
  let actorUrl: string;

  afterEach(async () => {
    await bed?.close();
    await standIn?.stop();
    for (const name of ENV_NAMES) delete process.env[name];
  });

  it('polls: three lip-syncs on one provider slot all wait at Replicate at once, then finish, each counted once', async () => {
    standIn = await startReplicateStandIn({ port: 0, apiToken: TOKEN, stepMs: 20, processingSteps: 2, processingMs: 1500 });
    ({ bed, actorUrl } = await serviceOn(standIn, { PROVIDER_POLL_SECONDS: '0.2' }));
    const started = await lipSyncs(bed, actorUrl, 3);
    // With one provider slot and a held worker they would run one after another; parked, all three predictions run together.
    await pollUntil(() => standIn.creations.filter((creation) => creation.model === 'bytedance/latentsync').length === 3, 10_000);
    const lipSyncIds = standIn.creations.filter((creation) => creation.model === 'bytedance/latentsync').map((creation) => creation.id);
    const states = await Promise.all(started.map(({ user, job }) => bed.send(Subjects.generation.jobGet, { userId: user, jobId: job.id })));
    expect(states.every((state) => state.status === 'running')).toBe(true);

    for (const { user, job } of started) expect(await bed.finished(user, job.id)).toMatchObject({ status: 'succeeded', url: `/api/media/users/${user}/jobs/${job.id}/video.mp4` });
    for (const { user } of started) expect(await bed.generationsCount(user)).toBe(1);
    // Each prediction was created once, and looked at by the poller (no webhook configured).
    expect(new Set(lipSyncIds).size).toBe(3);
    expect(standIn.requests.some((request) => request.method === 'GET' && request.path === `/v1/predictions/${lipSyncIds[0]}`)).toBe(true);
    expect(standIn.deliveries).toEqual([]);
  });

  it('webhooks: a signed delivery resumes the job once; a forged one is refused; nothing is polled', async () => {
    standIn = await startReplicateStandIn({ port: 0, apiToken: TOKEN, stepMs: 20, processingSteps: 2 });
    // The gateway's part: the raw delivery goes to the generation service over NATS.
    const received: ProviderWebhookRequest[] = [];
    const gateway: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const delivery = { body: Buffer.concat(chunks).toString('utf8'), id: String(req.headers['webhook-id']), timestamp: String(req.headers['webhook-timestamp']), signature: String(req.headers['webhook-signature']) };
        received.push(delivery);
        bed.send(Subjects.generation.providerWebhook, delivery).then(
          () => res.writeHead(200).end(),
          () => res.writeHead(400).end(),
        );
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    try {
      ({ bed, actorUrl } = await serviceOn(standIn, { REPLICATE_WEBHOOK_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/api/replicate/webhook` }));
      const [{ user, job }] = await lipSyncs(bed, actorUrl, 1);
      expect(await bed.finished(user, job.id)).toMatchObject({ status: 'succeeded' });
      const prediction = standIn.creations.find((creation) => creation.model === 'bytedance/latentsync')!;
      expect(standIn.deliveries).toContainEqual(expect.objectContaining({ predictionId: prediction.id, status: 200 }));
      expect(standIn.requests.filter((request) => request.method === 'GET' && request.path === `/v1/predictions/${prediction.id}`)).toEqual([]);

      // The same delivery again (Replicate retries) changes nothing; a forged one is refused.
      const delivery = received.find((item) => item.body.includes(prediction.id))!;
      await expect(bed.send(Subjects.generation.providerWebhook, delivery)).resolves.toEqual({ received: true });
      await expect(bed.send(Subjects.generation.providerWebhook, { ...delivery, body: delivery.body.replace('succeeded', 'failed') })).rejects.toMatchObject({ code: ErrorCode.Validation });
      await expect(bed.send(Subjects.generation.providerWebhook, { ...delivery, timestamp: String(Math.floor(Date.now() / 1000) - 3600) })).rejects.toMatchObject({ code: ErrorCode.Validation });
      expect(await bed.send(Subjects.generation.jobGet, { userId: user, jobId: job.id })).toMatchObject({ status: 'succeeded' });
      expect(await bed.generationsCount(user)).toBe(1);
    } finally {
      await new Promise((resolve) => gateway.close(resolve));
    }
  });

  it('a waiting job cancelled stops its prediction at Replicate; a prediction past its deadline is cancelled and made anew', async () => {
    standIn = await startReplicateStandIn({ port: 0, apiToken: TOKEN, stepMs: 20, processingSteps: 2 });
    ({ bed, actorUrl } = await serviceOn(standIn, { PROVIDER_POLL_SECONDS: '0.2', PROVIDER_CALL_TIMEOUT_SECONDS: '1' }));
    const user = crypto.randomUUID();
    const image = await bed.send(Subjects.generation.influencerImageCreate, { userId: user, prompt: 'a sailor on a pier', size: '640x720' });
    // [slow]: the clip's prediction stays processing until it is cancelled.
    const job = await bed.send(Subjects.generation.influencerVideoStart, { userId: user, image: image.url, projectId: image.id, prompt: 'waving [slow]' });
    const clipPredictions = () => standIn.creations.filter((creation) => creation.model === 'wan-video/wan-2.2-i2v-fast');
    // Past its 1 s deadline the first prediction is cancelled, and the job's retry makes a new one.
    await pollUntil(() => clipPredictions().length >= 2, 30_000);
    const first = clipPredictions()[0];
    expect(standIn.requests).toContainEqual({ method: 'POST', path: `/v1/predictions/${first.id}/cancel`, status: 200 });

    const [row] = await bed.generation.app.get(MikroORM).em.fork().execute<{ status: string }[]>('select status from generation.job where id = ?', [job.id]);
    expect(['waiting', 'running', 'queued']).toContain(row.status);
    const canceled = await bed.send(Subjects.generation.jobCancel, { userId: user, jobId: job.id });
    expect(canceled.status).toBe('canceled');
    const latest = clipPredictions().at(-1)!;
    await pollUntil(() => standIn.requests.some((request) => request.path === `/v1/predictions/${latest.id}/cancel`), 10_000);
    expect(await bed.generationsCount(user)).toBe(0);
    expect(await bed.storage.list(`users/${user}/jobs/${job.id}/`)).toEqual([]);
  });
});
