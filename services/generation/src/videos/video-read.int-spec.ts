import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { Subjects } from '@lipcast/contracts';
import { startTestBed, type TestBed } from '../testing';
import { VideosRepository, type VideoRow, type VideoState } from './videos.repository';

jest.setTimeout(60_000);

/** Every field `read` answers, as `find` (the typed builder through the ORM's plugin) reads them. */
const STATE_FIELDS = ['id', 'actorId', 'influencerId', 'metadata', 'webhookUrl', 'format', 'createdAt', 'currentJobId', 'status', 'progress', 'result', 'error'] as const satisfies readonly (keyof VideoState)[];
const stateOf = (row: VideoRow): VideoState => Object.fromEntries(STATE_FIELDS.map((field) => [field, row[field]])) as VideoState;

const SUCCEEDED_RESULT = {
  key: 'users/u/jobs/j/video.mp4',
  durationSeconds: 4.567,
  poster: 'users/u/jobs/j/poster.webp',
  captions: { vtt: 'users/u/jobs/j/captions.vtt', srt: 'users/u/jobs/j/captions.srt' },
  lipSync: { offsetMs: 12.4, confidence: 0.876 },
};

/**
 * `VideosRepository.read`, the public API's video read (a prepared statement on the pool, issue 38),
 * against `find`, the typed query it replaced there: the same fields and values for a video in each
 * state, one an operator retried (its newer job's state), and none for another user.
 */
describe('a video read by its prepared statement', () => {
  let bed: TestBed;
  let orm: MikroORM;
  const inContext = <T>(work: (videos: VideosRepository) => Promise<T>) => RequestContext.create(orm.em, () => work(bed.generation.app.get(VideosRepository)));

  beforeAll(async () => {
    bed = await startTestBed();
    orm = bed.generation.app.get(MikroORM);
  });
  afterAll(() => bed?.close());

  /** A video's job in `status`, written as the pipeline leaves it (published, and a running one's heartbeat fresh so no sweep touches it). */
  async function insertJob(userId: string, status: string, fields: { progress?: number; result?: object; error?: string } = {}): Promise<string> {
    const jobId = crypto.randomUUID();
    await orm.em.fork().execute(
      `insert into generation.job (id, user_id, kind, status, progress, input, result, error, credit, published_at, heartbeat_at, deadline_at)
       values (?, ?, 'lipsync', ?, ?, ?, ?, ?, 'reserved', now(), now(), now() + interval '1 hour')`,
      [jobId, userId, status, fields.progress ?? 0, JSON.stringify({ videoKey: 'actors/a.mp4', audioKey: 'users/u/audio.mp3' }), fields.result ? JSON.stringify(fields.result) : null, fields.error ?? null],
    );
    return jobId;
  }

  async function insertVideo(userId: string, jobId: string, fields: { actorId?: string; influencerId?: number; metadata?: object; webhookUrl?: string; format?: string } = {}): Promise<void> {
    await orm.em.fork().execute('insert into generation.video (id, user_id, actor_id, influencer_id, metadata, webhook_url, format) values (?, ?, ?, ?, ?, ?, ?)', [
      jobId,
      userId,
      fields.actorId ?? null,
      fields.influencerId ?? null,
      fields.metadata ? JSON.stringify(fields.metadata) : null,
      fields.webhookUrl ?? null,
      fields.format ?? null,
    ]);
  }

  /** `read` beside `find`'s same fields, for `toEqual`. */
  const bothReads = (userId: string, videoId: string) =>
    inContext(async (videos) => {
      const found = await videos.find(userId, videoId);
      return { read: await videos.read(userId, videoId), found: found && stateOf(found) };
    });

  it('reads a queued, a running, a succeeded and a failed video as the typed query does', async () => {
    const userId = crypto.randomUUID();
    const queued = await insertJob(userId, 'queued');
    await insertVideo(userId, queued, { actorId: 'ipfs-puppet-video-2', metadata: { order: 'A-17', tags: ['promo'] }, webhookUrl: 'https://example.com/hook' });
    const running = await insertJob(userId, 'running', { progress: 42.5 });
    await insertVideo(userId, running, { influencerId: 7, format: '16x9-720p' });
    const succeeded = await insertJob(userId, 'succeeded', { progress: 100, result: SUCCEEDED_RESULT });
    await insertVideo(userId, succeeded, { actorId: 'ipfs-puppet-video-2', format: '1x1-1080p' });
    const failed = await insertJob(userId, 'failed', { progress: 30, error: 'The lip-sync provider failed.' });
    await insertVideo(userId, failed, { actorId: 'ipfs-puppet-video-2' });

    for (const [videoId, status] of [[queued, 'queued'], [running, 'running'], [succeeded, 'succeeded'], [failed, 'failed']] as const) {
      const { read, found } = await bothReads(userId, videoId);
      expect(read).toEqual(found);
      expect(read).toMatchObject({ id: videoId, currentJobId: videoId, status });
      expect(read!.createdAt).toBeInstanceOf(Date);
    }
    expect((await bothReads(userId, queued)).read).toMatchObject({ actorId: 'ipfs-puppet-video-2', metadata: { order: 'A-17', tags: ['promo'] }, webhookUrl: 'https://example.com/hook', format: null });
    expect((await bothReads(userId, running)).read).toMatchObject({ influencerId: 7, progress: 42.5, format: '16x9-720p' });
    expect((await bothReads(userId, succeeded)).read).toMatchObject({ result: SUCCEEDED_RESULT, error: null });
    expect((await bothReads(userId, failed)).read).toMatchObject({ result: null, error: 'The lip-sync provider failed.' });

    // And the service's answer over NATS is made from it: the succeeded video's files and the failed one's error.
    expect(await bed.send(Subjects.generation.videoGet, { userId, videoId: succeeded })).toMatchObject({
      status: 'succeeded',
      url: `/api/media/${SUCCEEDED_RESULT.key}`,
      posterUrl: `/api/media/${SUCCEEDED_RESULT.poster}`,
      captionsUrl: `/api/media/${SUCCEEDED_RESULT.captions.vtt}`,
      lipSync: { offsetMs: 12, confidence: 0.88 },
      durationSeconds: 4.57,
      format: '1x1-1080p',
    });
    expect(await bed.send(Subjects.generation.videoGet, { userId, videoId: failed })).toMatchObject({ status: 'failed', progress: 0.3, error: { code: 'generation_failed', message: 'The lip-sync provider failed.' } });
  });

  it("reads a retried video's newer job, and no other user's video", async () => {
    const userId = crypto.randomUUID();
    const first = await insertJob(userId, 'failed', { error: 'The worker stopped.' });
    await insertVideo(userId, first, { actorId: 'ipfs-puppet-video-2' });
    const retry = await insertJob(userId, 'running', { progress: 10 });
    await orm.em.fork().execute('update generation.video set job_id = ? where id = ?', [retry, first]);

    const { read, found } = await bothReads(userId, first);
    expect(read).toEqual(found);
    expect(read).toMatchObject({ id: first, currentJobId: retry, status: 'running', progress: 10, error: null });
    expect(await bothReads(crypto.randomUUID(), first)).toEqual({ read: null, found: null });
  });
});
