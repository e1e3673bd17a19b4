/* eslint-disable @nx/enforce-module-boundaries -- test-only code: the tools' database and polling helpers */
import { MikroORM } from '@mikro-orm/postgresql';
import { DEFAULT_VIDEO_FORMAT, jobProgressSubject, Subjects, type JobState } from '@lipcast/contracts';
import { startServiceForTest, type RunningService } from '@lipcast/nest-kit';
import { databaseName, ensureDatabase, withDatabase } from '../../../../tools/lib/infra';
import { pollUntil } from '../../../../tools/lib/poll';
import { generationService } from '../service';
import { seedActorClip, startTestBed, type TestBed } from '../testing';

jest.setTimeout(180_000);

const ACTOR = 'ipfs-puppet-video-5';
const JOBS = 5;

/**
 * Honest waits on real NATS and PostgreSQL: five lip-syncs queued on the cpu lane while no worker
 * runs, then one worker taking them one at a time (WORKER_CONCURRENCY=1). The last one's position
 * counts down 4, 3, 2, 1, 0 as the ones ahead start, on its event stream; each finished run moves
 * the kept real-time factor.
 */
describe('queue position and estimate', () => {
  let bed: TestBed;
  let worker: RunningService | undefined;
  let actorClip = '';
  const sharedDatabaseUrl = process.env.DATABASE_URL!;

  beforeAll(async () => {
    // A database of its own: jobs other suites left queued (e.g. a sweeper test's stranded rows) would be counted ahead.
    process.env.DATABASE_URL = withDatabase(sharedDatabaseUrl, `${databaseName(sharedDatabaseUrl)}_eta`);
    await ensureDatabase(process.env.DATABASE_URL, { fresh: true });
    process.env.GENERATION_ROLE = 'api'; // the bed only answers: the jobs wait in the queue until the worker starts
    bed = await startTestBed(async (storage, folder) => {
      actorClip = await seedActorClip(storage, ACTOR, folder);
    });
  });

  afterAll(async () => {
    await worker?.close();
    await bed?.close();
    delete process.env.GENERATION_ROLE;
    process.env.DATABASE_URL = sharedDatabaseUrl;
  });

  it("counts a queued job's position down as the jobs ahead start, with an estimate all along, and keeps the measured factor", async () => {
    const submitted: { userId: string; state: JobState }[] = [];
    for (let index = 0; index < JOBS; index++) {
      const userId = crypto.randomUUID();
      const audio = await bed.send(Subjects.generation.audioCreate, { userId, text: `Line number ${index + 1}.`, voice_id: 'Calm_Woman' });
      submitted.push({ userId, state: await bed.send(Subjects.generation.lipsyncStart, { userId, video: actorClip, audio: audio.url }) });
    }
    // Each submit answers with its place: the jobs queued before it.
    expect(submitted.map(({ state }) => state.queuePosition)).toEqual([0, 1, 2, 3, 4]);
    const estimates = submitted.map(({ state }) => state.estimatedSeconds!);
    for (let index = 1; index < JOBS; index++) expect(estimates[index]).toBeGreaterThan(estimates[index - 1]);

    const last = submitted[JOBS - 1];
    expect(await bed.send(Subjects.generation.jobGet, { userId: last.userId, jobId: last.state.id })).toMatchObject({ status: 'queued', queuePosition: 4 });

    const events: JobState[] = [];
    const stop = bed.generation.client.subscribe(jobProgressSubject(last.state.id), (state) => events.push(state));
    worker = await startServiceForTest(generationService, { GENERATION_ROLE: 'worker', WORKER_CONCURRENCY: '1' });
    for (const { userId, state } of submitted) expect(await bed.finished(userId, state.id)).toMatchObject({ status: 'succeeded' });
    stop();

    const positions = events.filter((event) => event.status === 'queued').map((event) => event.queuePosition);
    expect(positions).toEqual([3, 2, 1, 0]);
    for (const event of events.filter((state) => state.status === 'queued' || state.status === 'running')) expect(event.estimatedSeconds).toBeGreaterThanOrEqual(1);
    // Once running it has no place in the queue, only its time left.
    const running = events.find((event) => event.status === 'running');
    expect(running).toBeDefined();
    expect(running!.queuePosition).toBeUndefined();
    // A finished job says no wait.
    const done = await bed.send(Subjects.generation.jobGet, { userId: last.userId, jobId: last.state.id });
    expect(done.queuePosition).toBeUndefined();
    expect(done.estimatedSeconds).toBeUndefined();

    const em = bed.generation.app.get(MikroORM).em.fork();
    const figure = await pollUntil(async () => {
      const [row] = await em.execute(`select samples, factor from generation.real_time_factor where kind = 'lipsync' and provider = 'embedded' and format = ?`, [DEFAULT_VIDEO_FORMAT]);
      return row?.samples === JOBS ? row : undefined;
    });
    expect(figure.factor).toBeGreaterThan(0);
  });
});
