import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Subjects, type JobState } from '@lipcast/contracts';
import { readEnv, startServiceForTest, StorageService, type RunningService } from '@lipcast/nest-kit';
import { generationService } from '../service';
import { GenerationSettings } from '../settings';
import { seedActorClip, settledJob, startBilling, startWorkerProcess, type BillingProcess, type RunningProcess } from '../testing';

jest.setTimeout(180_000);

const ACTOR_CLIP = '/api/media/actors/ipfs-puppet-video-5/idle-v1.mp4';
/**
 * About 13 s of speech: its render still has seconds to go when the worker is stopped (at 10 %), and the
 * two tests render it about twice (was 5 repeats, 32 s, for the same checks).
 */
const SPEECH = 'A long enough speech for a worker to be asked to stop in the middle of rendering it. '.repeat(2);

/**
 * Graceful drain of a generation worker (SIGTERM, as Kubernetes sends it on a scale-down or a
 * rollout): it takes no further job, finishes the running one within SHUTDOWN_GRACE_SECONDS or
 * hands it back, and exits. Either way the job completes exactly once and costs one credit.
 */
describe('a generation worker stopped with SIGTERM mid-job', () => {
  let api: RunningService;
  let billing: BillingProcess;
  let database: pg.Pool;
  let folder: string;
  const workers: RunningProcess[] = [];

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'job-drain-'));
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

  const jobState = (userId: string, jobId: string) => api.client.send(Subjects.generation.jobGet, { userId, jobId });

  /** A lip-sync job for a new user, followed until the worker is rendering it. */
  async function startRenderingJob(): Promise<{ userId: string; jobId: string }> {
    const userId = crypto.randomUUID();
    const audio = await api.client.send(Subjects.generation.audioCreate, { userId, text: SPEECH, voice_id: 'Patient_Man' }, 60_000);
    const started = await api.client.send(Subjects.generation.lipsyncStart, { userId, video: ACTOR_CLIP, audio: audio.url });
    for (let state = started; state.status !== 'running' || state.progress < 10; state = await jobState(userId, started.id)) {
      expect(state.status).not.toBe('succeeded');
      await new Promise((resolvePromise) => setTimeout(resolvePromise, 50));
    }
    return { userId, jobId: started.id };
  }

  async function expectCompletedOnce(userId: string, jobId: string, attempts: number): Promise<void> {
    const done = await jobState(userId, jobId);
    expect(done).toMatchObject({ status: 'succeeded', progress: 100 });
    expect(await settledJob(database, jobId)).toEqual({ attempts, credit: 'committed' });
    expect((await billing.client.send(Subjects.billing.accountGet, { userId })).generationsCount).toBe(1);
    const projects = await api.client.send(Subjects.generation.projectsList, { userId });
    expect(projects.map((project) => project.outputUrl)).toEqual([done.url]);
  }

  /** Exit code 0; when not, the failure shows the worker's own log (it says why it did not stop cleanly). */
  async function expectCleanExit(worker: RunningProcess): Promise<void> {
    const code = await worker.exited;
    expect({ code, log: code === 0 ? '' : worker.output() }).toEqual({ code: 0, log: '' });
  }

  it('finishes the running job within its grace period, then exits', async () => {
    const worker = await startWorkerProcess();
    workers.push(worker);
    const { userId, jobId } = await startRenderingJob();

    void worker.stop();
    await expectCleanExit(worker);
    // Done by the stopped worker itself, before it exited: no other worker runs.
    await expectCompletedOnce(userId, jobId, 1);
    expect(worker.output()).toContain('finishing 1 running job(s)');
  });

  it('hands an unfinished job back when its grace period is over; another worker completes it once', async () => {
    const worker = await startWorkerProcess({ SHUTDOWN_GRACE_SECONDS: '0' });
    workers.push(worker);
    const { userId, jobId } = await startRenderingJob();

    void worker.stop();
    await expectCleanExit(worker);
    expect(worker.output()).toContain('handing 1 unfinished job(s) back');
    expect((await jobState(userId, jobId)).status).toBe('running');

    workers.push(await startWorkerProcess());
    let done: JobState;
    do {
      await new Promise((resolvePromise) => setTimeout(resolvePromise, 250));
      done = await jobState(userId, jobId);
    } while (done.status === 'queued' || done.status === 'running');
    await expectCompletedOnce(userId, jobId, 2);
  });
});
