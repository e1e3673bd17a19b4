/* eslint-disable @nx/enforce-module-boundaries -- the test runs the billing service beside this one, as in production */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { Subjects, type Account, type AudioResponse, type InfluencerProject, type JobState, type Project } from '@lipcast/contracts';
import { readEnv, startServiceForTest, StorageService, type RunningService } from '@lipcast/nest-kit';
import { billingService } from '../../../billing/src/service';
import { generationService } from '../service';
import { GenerationSettings } from '../settings';
import { seedActorClip } from '../testing';

jest.setTimeout(120_000);

const WORKER_ENTRY = resolve(__dirname, '../../dist/main.js');
const ACK_WAIT_MS = 3000;

/** A generation worker process (the built service in worker mode), as production runs its replicas. */
function startWorker(): Promise<ChildProcess> {
  const worker = spawn(process.execPath, [WORKER_ENTRY], {
    env: { ...process.env, GENERATION_ROLE: 'worker', JOB_ACK_WAIT_MS: String(ACK_WAIT_MS), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolvePromise, reject) => {
    let log = '';
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('worker taking jobs')) resolvePromise(worker);
    };
    worker.stdout!.on('data', onData);
    worker.stderr!.on('data', onData);
    worker.once('exit', (code) => reject(new Error(`worker exited (${code}) before taking jobs:\n${log}`)));
  });
}

/**
 * A succeeded job's row once its credit is settled: the worker marks the job succeeded (and visible),
 * then spends the credit, so a reader that saw "succeeded" may be a moment ahead of the spend.
 */
async function settledJob(database: pg.Pool, jobId: string): Promise<{ attempts: number; credit: string }> {
  for (let tries = 0; ; tries++) {
    const { rows } = await database.query<{ attempts: number; credit: string }>('select attempts, credit from generation.job where id = $1', [jobId]);
    if (rows[0]?.credit !== 'reserved' || tries >= 100) return rows[0];
    await new Promise((resolvePromise) => setTimeout(resolvePromise, 100));
  }
}

function stopWorker(worker: ChildProcess): Promise<void> {
  if (worker.exitCode !== null || worker.signalCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    worker.once('exit', () => resolvePromise());
    worker.kill('SIGKILL');
  });
}

describe('generation jobs survive a worker killed mid-job', () => {
  let api: RunningService;
  let billing: RunningService;
  let database: pg.Pool;
  let folder: string;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'job-recovery-'));
    process.env.GENERATION_ROLE = 'api'; // this process only answers; the spawned workers do the work
    await seedActorClip(new StorageService(readEnv(GenerationSettings)), 'ipfs-puppet-video-5', folder);
    billing = await startServiceForTest(billingService);
    api = await startServiceForTest(generationService);
    database = new pg.Pool({ connectionString: api.settings.DATABASE_URL, max: 2 });
  });

  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGKILL');
    delete process.env.GENERATION_ROLE;
    await api?.close();
    await billing?.close();
    await database?.end();
    await rm(folder, { recursive: true, force: true });
  });

  it('redelivers the job to another worker, which completes it once and commits exactly one credit', async () => {
    const userId = crypto.randomUUID();
    const audio = await api.client.send<AudioResponse>(
      Subjects.generation.audioCreate,
      { userId, text: 'A long enough speech for a worker to die in the middle of rendering it. '.repeat(5), voice_id: 'Patient_Man' },
      60_000,
    );
    const first = await startWorker();
    workers.push(first);
    const started = await api.client.send<JobState>(Subjects.generation.lipsyncStart, { userId, video: '/api/media/actors/ipfs-puppet-video-5/idle-v1.mp4', audio: audio.url });

    // Kill the first worker once it is rendering.
    for (let state = started; state.status !== 'running' || state.progress < 10; ) {
      await new Promise((resolvePromise) => setTimeout(resolvePromise, 50));
      state = await api.client.send<JobState>(Subjects.generation.jobGet, { userId, jobId: started.id });
      expect(state.status).not.toBe('succeeded');
    }
    first.kill('SIGKILL');
    workers.push(await startWorker());

    let done: JobState;
    do {
      await new Promise((resolvePromise) => setTimeout(resolvePromise, 250));
      done = await api.client.send<JobState>(Subjects.generation.jobGet, { userId, jobId: started.id });
    } while (done.status === 'queued' || done.status === 'running');

    expect(done).toMatchObject({ status: 'succeeded', progress: 100 });
    expect(await settledJob(database, started.id)).toEqual({ attempts: 2, credit: 'committed' });
    expect((await billing.client.send<Account>(Subjects.billing.accountGet, { userId })).generationsCount).toBe(1);
    const [project] = await api.client.send<Project[]>(Subjects.generation.projectsList, { userId });
    expect(project.outputUrl).toBe(done.url);
  });

  it('continues a One Shot run after its last finished step when its worker dies', async () => {
    // Only the worker started here may take the run: the previous test's are stopped first.
    await Promise.all(workers.splice(0).map((previous) => stopWorker(previous)));
    const userId = crypto.randomUUID();
    const worker = await startWorker();
    workers.push(worker);
    const started = await api.client.send<JobState>(Subjects.generation.pipelineStart, {
      userId, influencerDescription: 'A friendly librarian with round glasses', gender: 'female', scriptTopic: 'Why reading before bed helps you sleep',
    });
    // Kill the worker once the audio exists and the video is being made.
    let state = started;
    while (state.steps?.video.status !== 'running') {
      await new Promise((resolvePromise) => setTimeout(resolvePromise, 50));
      state = await api.client.send<JobState>(Subjects.generation.jobGet, { userId, jobId: started.id });
      expect(state.status).not.toBe('succeeded');
    }
    const before = state.steps!;
    worker.kill('SIGKILL');
    workers.push(await startWorker());

    do {
      await new Promise((resolvePromise) => setTimeout(resolvePromise, 250));
      state = await api.client.send<JobState>(Subjects.generation.jobGet, { userId, jobId: started.id });
    } while (state.status === 'queued' || state.status === 'running');

    expect(state.status).toBe('succeeded');
    // The finished steps were kept, not made again.
    expect(state.steps).toMatchObject({ script: before.script, image: before.image, audio: before.audio, video: { status: 'done', url: state.url } });
    expect(await settledJob(database, started.id)).toEqual({ attempts: 2, credit: 'committed' });
    expect((await billing.client.send<Account>(Subjects.billing.accountGet, { userId })).generationsCount).toBe(1);
    const influencers = await api.client.send<InfluencerProject[]>(Subjects.generation.influencersList, { userId });
    expect(influencers).toHaveLength(1);
  });
});
