/* eslint-disable @nx/enforce-module-boundaries -- the test runs the real billing and generation services beside the gateway */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Subjects } from '@lipcast/contracts';
import { readEnv, runMigrations, startServiceForTest, StorageService, type RunningService } from '@lipcast/nest-kit';
import { billingService } from '../../../services/billing/src/service';
import { generationService } from '../../../services/generation/src/service';
import { seedActorClip } from '../../../services/generation/src/testing';
import { ormConfig } from '../../../gateway/src/mikro-orm.config';
import { GatewaySettings } from '../../../gateway/src/settings';
import { freePort } from '../../lib/infra';
import { GATEWAY_ENTRY, startProcess, type RunningProcess } from '../../lib/processes';
import { signedInCookie } from '../../../gateway/src/session/testing';

jest.setTimeout(180_000);

const SESSION_SECRET = randomBytes(24).toString('hex');
const settings = readEnv(GatewaySettings, process.env);
const ACTOR_CLIP = '/api/media/actors/ipfs-puppet-video-5/idle-v1.mp4';
/** The wizard's protocol (mfe-wizard/src/wizard/generation-api.ts): 2 s between asks, at most 5 asks. */
const RETRY_WAIT_MS = 2000;
const MAX_ATTEMPTS = 5;

const wait = (ms: number) => new Promise((resolvePromise) => setTimeout(resolvePromise, ms));

/**
 * Graceful drain of the gateway (SIGTERM on a rollout): it stops accepting, answers a held
 * lip-sync request with 202 at once, ends job event streams, and exits; the client's retry
 * protocol, replayed here with fetch, rejoins the same job on the next gateway and gets the video.
 */
describe('a gateway stopped with SIGTERM during a held lip-sync request', () => {
  const database = new pg.Pool({ connectionString: settings.DATABASE_URL, max: 2 });
  let billing: RunningService;
  let generation: RunningService;
  let folder: string;
  const gateways: RunningProcess[] = [];

  /** A built gateway process on `port`. */
  const startGateway = async (port: number) => {
    const gateway = await startProcess(
      GATEWAY_ENTRY,
      { PORT: String(port), HOST: '127.0.0.1', OPS_PORT: '0', SESSION_SECRET, RATE_LIMIT_STORE: 'memory', WEB_ROOT: folder },
      'gateway listening on',
    );
    gateways.push(gateway);
    return gateway;
  };

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'gateway-drain-'));
    await runMigrations(ormConfig(settings.DATABASE_URL));
    await seedActorClip(new StorageService(settings), 'ipfs-puppet-video-5', folder);
    billing = await startServiceForTest(billingService);
    // API and worker in one: it renders the job while the gateways come and go.
    generation = await startServiceForTest(generationService, { GENERATION_ROLE: 'all' });
  });

  afterAll(async () => {
    for (const gateway of gateways) gateway.child.kill('SIGKILL');
    await generation?.close();
    await billing?.close();
    await database.end();
    await rm(folder, { recursive: true, force: true });
  });

  it('answers the held request with 202, ends the job stream and exits; the next ask on the next gateway gets the video', async () => {
    const userId = crypto.randomUUID();
    const cookie = await signedInCookie(database, SESSION_SECRET, userId);
    // About 24 s of speech (was 8 repeats, 48 s): its render outlasts the ask held 2.5 s in and the gateway's stop, as the check below says.
    const audio = await generation.client.send(
      Subjects.generation.audioCreate,
      { userId, text: 'A speech long enough for a gateway to be replaced while it is being lip-synced. '.repeat(4), voice_id: 'Patient_Man' },
      60_000,
    );
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = await startGateway(port);

    const ask = (attempt: number) =>
      fetch(`${base}/api/replicate/lipsync`, {
        method: 'POST',
        headers: { cookie, origin: base, 'content-type': 'application/json', ...(attempt === 1 ? { prefer: 'respond-async' } : {}) },
        body: JSON.stringify({ video: ACTOR_CLIP, audio: audio.url }),
        signal: AbortSignal.timeout(120_000),
      });

    // Ask 1 (Prefer: respond-async): the job id at once.
    const accepted = await ask(1);
    expect(accepted.status).toBe(202);
    const { predictionId } = (await accepted.json()) as { predictionId: string };
    // The page follows the job's events meanwhile.
    const events = await fetch(`${base}/api/jobs/${predictionId}/events`, { headers: { cookie } });
    expect(events.status).toBe(200);
    const streamEnded = (async () => {
      const reader = events.body!.getReader();
      while (!(await reader.read()).done);
    })();

    // Ask 2 is held by the gateway while the job runs; the gateway is told to stop meanwhile.
    await wait(RETRY_WAIT_MS);
    const held = ask(2);
    await wait(500);
    expect((await generation.client.send(Subjects.generation.jobGet, { userId, jobId: predictionId })).status).not.toBe('succeeded');
    const exited = first.stop('SIGTERM');
    const answer = await held;
    expect(answer.status).toBe(202);
    expect(await answer.json()).toMatchObject({ predictionId });
    await streamEnded; // ended by the gateway, not broken: the browser's EventSource reconnects
    expect(await exited).toBe(0);
    expect(first.output()).toContain('gateway draining');

    // The next gateway takes the port (a load balancer sends the next ask to a ready replica).
    await startGateway(port);
    let video: { url?: string; predictionId?: string } = {};
    for (let attempt = 3; attempt <= MAX_ATTEMPTS && !video.url; attempt++) {
      await wait(RETRY_WAIT_MS);
      const response = await ask(attempt);
      expect([200, 202]).toContain(response.status);
      video = (await response.json()) as typeof video;
      expect(video.predictionId).toBe(predictionId); // the same job, rejoined
    }
    const job = await generation.client.send(Subjects.generation.jobGet, { userId, jobId: predictionId });
    expect(job).toMatchObject({ status: 'succeeded', url: video.url });
    expect((await billing.client.send(Subjects.billing.accountGet, { userId })).generationsCount).toBe(1);
  });
});
