/* eslint-disable @nx/enforce-module-boundaries -- test-only code: the tools' shared polling helper */
import { mediaKeyOf, Subjects, type WebhookVideoData } from '@lipcast/contracts';
import { pollUntil } from '../../../../tools/lib/poll';
import { startVideosTestBed, type TestBed } from '../testing';

const ACTOR_ID = 'ipfs-puppet-video-2';
const HOOK_URL = 'http://127.0.0.1:9/retried-video';

jest.setTimeout(150_000);

/** An operator's retry (the admin console) of a public API video's job: the video follows the new job. */
describe('a public API video retried by an operator', () => {
  let bed: TestBed;
  const send: TestBed['send'] = (subject, data) => bed.send(subject, data);
  const get = (userId: string, videoId: string) => send(Subjects.generation.videoGet, { userId, videoId });
  const finished = (userId: string, videoId: string) => bed.videoFinished(userId, videoId);

  // The video names a webhook on this machine, which only the test setting allows.
  beforeAll(async () => (bed = await startVideosTestBed(ACTOR_ID)), 60_000);
  afterAll(() => bed?.close());

  it('shows the retry as the video (queued or running, then succeeded with its file), cancels it, and names the video in its webhook', async () => {
    const userId = crypto.randomUUID();
    const created = await send(Subjects.generation.videoCreate, { userId, actor: ACTOR_ID, script: 'Retried by an operator.', voice: 'Friendly_Person', webhookUrl: HOOK_URL });
    const canceled = await send(Subjects.generation.videoCancel, { userId, videoId: created.id });
    expect(canceled.video?.status).toBe('canceled');

    const retried = await send(Subjects.generation.adminJobRetry, { jobId: created.id });
    expect(retried.id).not.toBe(created.id);
    // The same video (its id, what the caller gave), now the retry's state, not the canceled job's.
    const following = await get(userId, created.id);
    expect(following).toMatchObject({ id: created.id, status: expect.stringMatching(/^(queued|running)$/), error: null, url: null, actor: ACTOR_ID, webhookUrl: HOOK_URL, createdAt: created.createdAt });

    const done = await finished(userId, created.id);
    expect(done).toMatchObject({ id: created.id, status: 'succeeded', progress: 1, error: null, url: `/api/media/users/${userId}/jobs/${retried.id}/video.mp4` });
    const listed = await send(Subjects.generation.videosList, { userId });
    expect(listed.videos.map((video) => [video.id, video.status])).toEqual([[created.id, 'succeeded']]);

    // The retry's video.succeeded names the video (the caller's id) and the job that made it.
    const deliveries = await pollUntil(async () => {
      const listedDeliveries = await send(Subjects.generation.webhookDeliveriesList, { userId });
      return listedDeliveries.some((delivery) => delivery.event === 'video.succeeded') && listedDeliveries;
    }, 30_000);
    const succeeded = deliveries.find((delivery) => delivery.event === 'video.succeeded')!;
    expect(succeeded.payload.data as WebhookVideoData).toMatchObject({
      video_id: created.id,
      job_id: retried.id,
      status: 'succeeded',
      url: `/api/v1/videos/${created.id}/file`,
      captions_url: `/api/v1/videos/${created.id}/captions`,
      poster_url: `/api/v1/videos/${created.id}/poster`,
    });

    // Deleting it removes the retry's file too.
    expect(await send(Subjects.generation.videoCancel, { userId, videoId: created.id })).toEqual({ id: created.id, outcome: 'deleted', video: null });
    expect(await bed.storage.stat(mediaKeyOf(done.url!)!)).toBeNull();
  });

  it('cancels the retry itself when the caller cancels the video while it runs', async () => {
    const userId = crypto.randomUUID();
    const created = await send(Subjects.generation.videoCreate, { userId, actor: ACTOR_ID, script: 'Canceled twice.', voice: 'Friendly_Person' });
    await send(Subjects.generation.videoCancel, { userId, videoId: created.id });
    const retried = await send(Subjects.generation.adminJobRetry, { jobId: created.id });

    const canceled = await send(Subjects.generation.videoCancel, { userId, videoId: created.id });
    expect(canceled).toMatchObject({ id: created.id, outcome: 'canceled', video: { id: created.id, status: 'canceled' } });
    expect(await send(Subjects.generation.jobGet, { userId, jobId: retried.id })).toMatchObject({ status: 'canceled' });
  });
});
