import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { actorClipKey, jobProgressSubject, mediaKeyOf, mediaUrl, Subjects, type JobState, type ReplyOf, type RequestOf, type Subject, type Video } from '@lipcast/contracts';
import type pg from 'pg';
import { readEnv, ServiceClient, ServiceSettings, startServiceForTest, StorageService, type RunningService } from '@lipcast/nest-kit';
import { builtInActor, makeFaceFixture, renderIdleClip, type FaceFixture } from '@lipcast/media-engine';
import { runFfmpeg } from '@lipcast/media-tools';
/* eslint-disable @nx/enforce-module-boundaries -- test-only code: the tests' shared polling helper, and billing started from its build */
import { pollUntil } from '../../../tools/lib/poll';
import { serviceEntry, startProcess, startService, type RunningProcess } from '../../../tools/lib/processes';
export type { RunningProcess };
/* eslint-enable @nx/enforce-module-boundaries */
import { ProviderError } from './ports/media';
import { generationService } from './service';
import { GenerationSettings } from './settings';

/**
 * For tests: one built-in actor's clip in the store, as the seed step makes it; returns its media URL.
 * A clip already there is kept: its key is versioned by the drawing, so it was drawn from the same inputs.
 */
export async function seedActorClip(storage: StorageService, actorId: string, folder: string): Promise<string> {
  const actor = builtInActor(actorId);
  if (!actor) throw new Error(`No built-in actor ${actorId}`);
  const key = actorClipKey(actorId);
  await storage.ensureBucket();
  if (await storage.stat(key)) return mediaUrl(key);
  const clip = join(folder, `${actorId}.mp4`);
  await renderIdleClip(actor.look, actor.durationSeconds, clip);
  await storage.putFile(key, clip, 'video/mp4');
  return mediaUrl(key);
}

/** Billing beside generation in a test; its client asks it what the tests check (an account's generations, its quotas). */
/**
 * For own actors' tests: `seconds` of a face fixture with the head swaying (as a creator films
 * themselves), stored as the user's upload; returns its key.
 */
export async function uploadSwayingClip(bed: Pick<TestBed, 'storage' | 'folder'>, userId: string, fixture: FaceFixture = 'man', seconds = 4): Promise<string> {
  const path = join(bed.folder, `${fixture}-${seconds}-${crypto.randomUUID()}.mp4`);
  const sway = 'crop=iw*0.9:ih*0.9:iw*0.05*(1+sin(t*2)):ih*0.05*(1+cos(t*3)),scale=576:-2';
  await runFfmpeg(['-loop', '1', '-i', await makeFaceFixture(bed.folder, fixture), '-vf', sway, '-t', String(seconds), '-r', '25', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-y', path]);
  const key = `users/${userId}/uploads/${crypto.randomUUID()}.mp4`;
  await bed.storage.putFile(key, path, 'video/mp4');
  return key;
}

export interface BillingProcess {
  client: ServiceClient;
  close(): Promise<void>;
}

/**
 * Starts billing, which generation asks for credits and quotas, from its build as production runs it
 * (a service never imports another's code), with `env` over this process's environment.
 */
export async function startBilling(env: Record<string, string> = {}): Promise<BillingProcess> {
  const billing = await startService('billing', env);
  const client = await ServiceClient.connect(readEnv(ServiceSettings, { ...process.env, ...env }), undefined, 'lipcast-billing-test-client', 'billing').catch(async (error: unknown) => {
    await billing.stop();
    throw error;
  });
  return {
    client,
    async close() {
      await client.close();
      await billing.stop();
    },
  };
}

const FINAL_STATUSES: JobState['status'][] = ['succeeded', 'failed', 'canceled'];

/** What the generation integration tests share: the service running in this process, billing beside it, the store, a scratch folder. */
export interface TestBed {
  generation: RunningService;
  billing: BillingProcess;
  storage: StorageService;
  folder: string;
  send<S extends Subject>(subject: S, data: RequestOf<S>): Promise<ReplyOf<S>>;
  /** Waits until a job succeeded, failed or was canceled and announced it: its follow-ups are done by then. */
  finished(userId: string, jobId: string): Promise<JobState>;
  /** Polls a public API video until it succeeded, failed or was canceled. */
  videoFinished(userId: string, videoId: string, timeoutMs?: number): Promise<Video>;
  generationsCount(userId: string): Promise<number>;
  /** Copies one of our media URLs into the scratch folder. */
  download(url: string, name: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts billing (its build) and generation (in this process) on the test environment; `prepare`
 * runs first, with the store and the folder (e.g. to seed an actor's clip).
 */
export async function startTestBed(prepare?: (storage: StorageService, folder: string) => Promise<void>): Promise<TestBed> {
  const folder = await mkdtemp(join(tmpdir(), 'generation-it-'));
  const storage = new StorageService(readEnv(GenerationSettings));
  await storage.ensureBucket();
  await prepare?.(storage, folder);
  const billing = await startBilling();
  const generation = await startServiceForTest(generationService).catch(async (error: unknown) => {
    await billing.close();
    throw error;
  });
  const send: TestBed['send'] = (subject, data) => generation.client.send(subject, data, 60_000);
  // A job's end is stored before its follow-ups run (settling its credit, publishing an influencer's
  // public copies); its last announcement comes after them, so a test waits for that.
  const announcedEnds = new Set<string>();
  const stopListening = generation.client.subscribe(jobProgressSubject('*'), (state) => {
    if (FINAL_STATUSES.includes(state.status)) announcedEnds.add(state.id);
  });
  return {
    generation,
    billing,
    storage,
    folder,
    send,
    async finished(userId, jobId) {
      for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 200))) {
        if (announcedEnds.has(jobId)) return send(Subjects.generation.jobGet, { userId, jobId });
      }
      throw new Error(`job ${jobId} did not finish (and announce its end) within 60 s`);
    },
    async videoFinished(userId, videoId, timeoutMs = 90_000) {
      for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 200))) {
        const video = await send(Subjects.generation.videoGet, { userId, videoId });
        if (['succeeded', 'failed', 'canceled'].includes(video.status)) return video;
      }
      throw new Error(`video ${videoId} did not finish within ${timeoutMs / 1000} s`);
    },
    async generationsCount(userId) {
      return (await billing.client.send(Subjects.billing.accountGet, { userId })).generationsCount;
    },
    async download(url, name) {
      const path = join(folder, name);
      await storage.download(mediaKeyOf(url)!, path);
      return path;
    },
    async close() {
      stopListening();
      await generation.close();
      await billing.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/**
 * The bed for the public API videos' specs: `actorId`'s clip seeded, and webhooks to this machine
 * allowed (their videos name one; the setting is read at start and unset at close).
 */
export async function startVideosTestBed(actorId: string): Promise<TestBed> {
  process.env.WEBHOOK_ALLOW_LOOPBACK = 'true';
  const allowNoMore = () => delete process.env.WEBHOOK_ALLOW_LOOPBACK;
  try {
    const bed = await startTestBed((storage, folder) => seedActorClip(storage, actorId, folder).then(() => undefined));
    return { ...bed, close: () => bed.close().finally(allowNoMore) };
  } catch (error) {
    allowNoMore();
    throw error;
  }
}

/** For tests: the ProviderError a promise rejects with (fails the test on anything else). */
export async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ProviderError)) throw new Error(`expected a ProviderError, got ${String(error)}`);
  return error;
}

/** Starts a worker of the built service (`dist/main.js`), as production runs its replicas, with `env` added; resolves once it takes jobs. */
export function startWorkerProcess(env: Record<string, string> = {}): Promise<RunningProcess> {
  return startProcess(serviceEntry('generation'), { GENERATION_ROLE: 'worker', OPS_PORT: '0', ...env }, 'worker taking jobs');
}

/**
 * A finished job's row once its credit is settled: the worker marks the job finished (and visible),
 * then settles the credit at billing (another service), so a reader that saw the end may be a moment
 * ahead of the spend or release. Fails after 10 s.
 */
export function settledJob(database: pg.Pool, jobId: string): Promise<{ attempts: number; credit: string }> {
  return pollUntil(async () => {
    const { rows } = await database.query<{ attempts: number; credit: string }>('select attempts, credit from generation.job where id = $1', [jobId]);
    return rows[0]?.credit !== 'reserved' && rows[0];
  }, 10_000);
}
