import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Subjects, type JobState } from '@lipcast/contracts';
import { readEnv, startServiceForTest, StorageService, type RunningService } from '@lipcast/nest-kit';
import { generationService } from '../service';
import { GenerationSettings } from '../settings';
import { seedActorClip, settledJob, startBilling, startWorkerProcess, type BillingProcess, type RunningProcess } from '../testing';

jest.setTimeout(120_000);

/** Workers that take a dead worker's job back after 3 s without its acknowledgement. */
const startWorker = () => startWorkerProcess({ JOB_ACK_WAIT_MS: '3000' });

describe('generation jobs survive a worker killed mid-job', () => {
  let api: RunningService;
  let billing: BillingProcess;
  let database: pg.Pool;
  let folder: string;
  const workers: RunningProcess[] = [];

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'job-recovery-'));
    process.env.GENERATION_ROLE = 'api'; // this process only answers; the spawned workers do the work
    await seedActorClip(new StorageService(readEnv(GenerationSettings)), 'ipfs-puppet-video-5', folder);
    billing = await startBilling();
    api = await startServiceForTest(generationService);
    database = new pg.Pool({ connectionString: api.settings.DATABASE_URL, max: 2 });
  });

  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop('SIGKILL')));
    delete process.env.GENERATION_ROLE;
    await api?.close();
    await billing?.close();
    await database?.end();
    await rm(folder, { recursive: true, force: true });
  });

  it('redelivers the job to another worker, which completes it once and commits exactly one credit', async () => {
    const userId = crypto.randomUUID();
    // About 12 s of speech (was 5 repeats, 28 s): the worker is killed at 10 % of its render, with seconds of it to go.
    const audio = await api.client.send(
      Subjects.generation.audioCreate,
      { userId, text: 'A long enough speech for a worker to die in the middle of rendering it. '.repeat(2), voice_id: 'Patient_Man' },
      60_000,
    );
    const first = await startWorker();
    workers.push(first);
    const started = await api.client.send(Subjects.generation.lipsyncStart, { userId, video: '/api/media/actors/ipfs-puppet-video-5/idle-v1.mp4', audio: audio.url });

    // Kill the first worker once it is rendering.
    for (let state = started; state.status !== 'running' || state.progress < 10; ) {
      await new Promise((resolvePromise) => setTimeout(resolvePromise, 50));
      state = await api.client.send(Subjects.generation.jobGet, { userId, jobId: started.id });
      expect(state.status).not.toBe('succeeded');
    }
    await first.stop('SIGKILL');
    workers.push(await startWorker());

    let done: JobState;
    do {
      await new Promise((resolvePromise) => setTimeout(resolvePromise, 250));
      done = await api.client.send(Subjects.generation.jobGet, { userId, jobId: started.id });
    } while (done.status === 'queued' || done.status === 'running');

    expect(done).toMatchObject({ status: 'succeeded', progress: 100 });
    expect(await settledJob(database, started.id)).toEqual({ attempts: 2, credit: 'committed' });
    expect((await billing.client.send(Subjects.billing.accountGet, { userId })).generationsCount).toBe(1);
    const [project] = await api.client.send(Subjects.generation.projectsList, { userId });
    expect(project.outputUrl).toBe(done.url);
  });

  it('continues a One Shot run after its last finished step when its worker dies', async () => {
    // Only the worker started here may take the run: the previous test's are stopped first.
    await Promise.all(workers.splice(0).map((previous) => previous.stop('SIGKILL')));
    const userId = crypto.randomUUID();
    const worker = await startWorker();
    workers.push(worker);
    const started = await api.client.send(Subjects.generation.pipelineStart, {
      userId, influencerDescription: 'A friendly librarian with round glasses', gender: 'female', scriptTopic: 'Why reading before bed helps you sleep',
    });
    // Kill the worker once the audio exists and the video is being made.
    let state = started;
    while (state.steps?.video.status !== 'running') {
      await new Promise((resolvePromise) => setTimeout(resolvePromise, 50));
      state = await api.client.send(Subjects.generation.jobGet, { userId, jobId: started.id });
      expect(state.status).not.toBe('succeeded');
    }
    const before = state.steps!;
    await worker.stop('SIGKILL');
    workers.push(await startWorker());

    do {
      await new Promise((resolvePromise) => setTimeout(resolvePromise, 250));
      state = await api.client.send(Subjects.generation.jobGet, { userId, jobId: started.id });
    } while (state.status === 'queued' || state.status === 'running');

    expect(state.status).toBe('succeeded');
    // The finished steps were kept, not made again.
    expect(state.steps).toMatchObject({ script: before.script, image: before.image, audio: before.audio, video: { status: 'done', url: state.url } });
    expect(await settledJob(database, started.id)).toEqual({ attempts: 2, credit: 'committed' });
    expect((await billing.client.send(Subjects.billing.accountGet, { userId })).generationsCount).toBe(1);
    const influencers = await api.client.send(Subjects.generation.influencersList, { userId });
    expect(influencers).toHaveLength(1);
  });
});
