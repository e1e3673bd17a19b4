/* eslint-disable @nx/enforce-module-boundaries -- the service runs against the local Replicate stand-in */
import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { jobProgressSubject, Subjects, type JobState } from '@lipcast/contracts';
import { pollUntil } from '../../../../tools/lib/poll';
import { startReplicateStandIn, type ReplicateStandIn } from '../../../../tools/replicate/stand-in';
import { startTestBed, type TestBed } from '../testing';
import { JOB_TIME_LIMIT_MESSAGE, MAX_DELIVERIES } from './job-worker';
import { JobDispatcher } from './job-dispatcher';
import { JOB_NOT_STARTED_MESSAGE, StaleJobSweeper } from './stale-job-sweeper';

jest.setTimeout(90_000);

const TOKEN = 'r8_standin_limits_test';
// PROVIDER_WAIT=hold: the worker itself waits on the prediction, so the job's own time limit is what stops it (parked jobs have the provider call's deadline instead).
const ENV = { MEDIA_PROVIDER: 'replicate', REPLICATE_API_TOKEN: TOKEN, JOB_TIME_LIMIT_SECONDS: '2', PROVIDER_WAIT: 'hold' };

/** Jobs that cannot end by themselves are ended: by their time limit, or by the stale-job sweeper; their credit always comes back. */
describe('job time limits and the stale-job sweeper', () => {
  let standIn: ReplicateStandIn;
  let bed: TestBed;
  const send: TestBed['send'] = (subject, data) => bed.send(subject, data);
  const execute = (sql: string, params: unknown[]) => bed.generation.app.get(MikroORM).em.fork().execute(sql, params);

  beforeAll(async () => {
    standIn = await startReplicateStandIn({ port: 0, apiToken: TOKEN, stepMs: 20, processingSteps: 2 });
    Object.assign(process.env, ENV, { REPLICATE_API_URL: standIn.url });
    bed = await startTestBed();
  });

  afterAll(async () => {
    await bed?.close();
    await standIn?.stop();
    for (const name of [...Object.keys(ENV), 'REPLICATE_API_URL']) delete process.env[name];
  });

  it('stops a job at its time limit: failed with a clear message, nothing stored, nothing charged, not retried', async () => {
    const user = randomUUID();
    const image = await send(Subjects.generation.influencerImageCreate, { userId: user, prompt: 'a lighthouse keeper', size: '640x720' });
    // [slow]: the stand-in keeps the clip's prediction processing until it is cancelled.
    const started = await send(Subjects.generation.influencerVideoStart, { userId: user, image: image.url, projectId: image.id, prompt: 'looking out to sea [slow]' });
    expect(await bed.finished(user, started.id)).toMatchObject({ status: 'failed', error: JOB_TIME_LIMIT_MESSAGE, url: null });
    expect(await bed.generationsCount(user)).toBe(0);
    expect(await bed.storage.list(`users/${user}/jobs/${started.id}/`)).toEqual([]);
    // A Creator clip is a free preview: it reserved no credit, so there is none to give back.
    const [row] = await execute('select attempts, credit from generation.job where id = ?', [started.id]);
    expect(row).toMatchObject({ attempts: 1, credit: 'free' });
  });

  /** A job row as a dead worker leaves it, with a reserved credit; published (its message sent) unless said otherwise. */
  async function strandedJob(state: { status: 'queued' | 'running'; attempts: number; heartbeatAgoMs: number; createdAgoMs: number; deadlineInMs: number; published?: boolean }) {
    const user = randomUUID();
    const jobId = randomUUID();
    await bed.billing.client.send(Subjects.billing.creditsReserve, { userId: user, jobId });
    await execute(
      `insert into generation.job (id, user_id, kind, status, input, credit, attempts, heartbeat_at, created_at, updated_at, deadline_at, published_at, queue_message_id)
       values (?, ?, 'lipsync', ?, '{}', 'reserved', ?, now() - ? * interval '1 millisecond', now() - ? * interval '1 millisecond', now() - ? * interval '1 millisecond', now() + ? * interval '1 millisecond',
         case when ? then now() - ? * interval '1 millisecond' end, ?)`,
      [jobId, user, state.status, state.attempts, state.heartbeatAgoMs, state.createdAgoMs, state.heartbeatAgoMs, state.deadlineInMs, state.published ?? true, state.createdAgoMs, jobId],
    );
    return { user, jobId };
  }

  it('ends what no worker will end, by the rule of its state, releases the credit and closes the streams', async () => {
    const hour = 60 * 60 * 1000;
    // The sweeper's rules alone: the dispatcher would publish the unpublished rows below.
    bed.generation.app.get(JobDispatcher).onApplicationShutdown();
    const workersKeptDying = await strandedJob({ status: 'running', attempts: MAX_DELIVERIES, heartbeatAgoMs: 10 * 60_000, createdAgoMs: 11 * 60_000, deadlineInMs: hour });
    const pastDeadline = await strandedJob({ status: 'running', attempts: 1, heartbeatAgoMs: 0, createdAgoMs: 2 * hour, deadlineInMs: -hour });
    // Queued past JOB_PUBLISH_GIVE_UP_MS (10 min) without its message ever reaching the queue.
    const neverStarted = await strandedJob({ status: 'queued', attempts: 0, heartbeatAgoMs: 2 * hour, createdAgoMs: 11 * 60_000, deadlineInMs: hour, published: false });
    // Published two hours ago and still queued: a long queue, never stale.
    const longQueue = await strandedJob({ status: 'queued', attempts: 0, heartbeatAgoMs: 2 * hour, createdAgoMs: 2 * hour, deadlineInMs: hour });
    // Still legitimately alive: a later delivery may take it, or its worker is beating.
    const retrying = await strandedJob({ status: 'running', attempts: 1, heartbeatAgoMs: 10 * 60_000, createdAgoMs: 11 * 60_000, deadlineInMs: hour });
    const working = await strandedJob({ status: 'running', attempts: MAX_DELIVERIES, heartbeatAgoMs: 0, createdAgoMs: 2 * hour, deadlineInMs: hour });
    const fresh = await strandedJob({ status: 'queued', attempts: 0, heartbeatAgoMs: 0, createdAgoMs: 0, deadlineInMs: hour });

    const events: JobState[] = [];
    const stop = bed.generation.client.subscribe(jobProgressSubject(workersKeptDying.jobId), (state) => events.push(state));
    const ended = await bed.generation.app.get(StaleJobSweeper).sweep();
    expect(ended).toEqual(expect.arrayContaining([workersKeptDying.jobId, pastDeadline.jobId, neverStarted.jobId]));
    for (const alive of [retrying, working, fresh, longQueue]) expect(ended).not.toContain(alive.jobId);

    const state = (job: { user: string; jobId: string }) => send(Subjects.generation.jobGet, { userId: job.user, jobId: job.jobId });
    expect(await state(workersKeptDying)).toMatchObject({ status: 'failed', error: 'Video generation failed. Please try again.' });
    expect(await state(pastDeadline)).toMatchObject({ status: 'failed', error: JOB_TIME_LIMIT_MESSAGE });
    expect(await state(neverStarted)).toMatchObject({ status: 'failed', error: JOB_NOT_STARTED_MESSAGE });
    const [credits] = await execute(`select count(*)::int as released from generation.job where id in (?, ?, ?) and credit = 'released'`, [workersKeptDying.jobId, pastDeadline.jobId, neverStarted.jobId]);
    expect(credits).toEqual({ released: 3 });
    // The final state reaches the job's listeners, so its event streams end.
    await pollUntil(() => events.some((event) => event.status === 'failed'), 5000);
    stop();
  });
});
