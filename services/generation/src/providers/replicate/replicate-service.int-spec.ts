/* eslint-disable @nx/enforce-module-boundaries -- the service runs against the local Replicate stand-in, beside the billing service */
import { ErrorCode, Subjects, type AudioResponse, type InfluencerImageResponse, type InfluencerProject, type JobState } from '@lipcast/contracts';
import { startReplicateStandIn, type ReplicateStandIn } from '../../../../../tools/replicate/stand-in';
import { billingService } from '../../../../billing/src/service';
import { probeMedia } from '../../engine/media/probe';
import { seedActorClip, startTestBed, type TestBed } from '../../testing';

jest.setTimeout(90_000);

const TOKEN = 'r8_standin_service_test';
const REPLICATE_ENV = ['MEDIA_PROVIDER', 'REPLICATE_API_TOKEN', 'REPLICATE_API_URL'] as const;

/** The generation service with MEDIA_PROVIDER=replicate, over the stand-in that speaks Replicate's HTTP API. */
describe('generation service on Replicate (the local stand-in)', () => {
  let standIn: ReplicateStandIn;
  let bed: TestBed;
  let actorUrl: string;
  const send = <T>(subject: string, data: unknown) => bed.send<T>(subject, data);
  const finished = (userId: string, jobId: string) => bed.finished(userId, jobId);
  const probe = async (url: string) => probeMedia(await bed.download(url, url.split('/').pop()!));

  beforeAll(async () => {
    standIn = await startReplicateStandIn({ port: 0, apiToken: TOKEN, stepMs: 20, processingSteps: 2 });
    Object.assign(process.env, { MEDIA_PROVIDER: 'replicate', REPLICATE_API_TOKEN: TOKEN, REPLICATE_API_URL: standIn.url });
    bed = await startTestBed(billingService, async (storage, folder) => {
      actorUrl = await seedActorClip(storage, 'ipfs-puppet-video-7', folder);
    });
  });

  afterAll(async () => {
    await bed?.close();
    await standIn?.stop();
    for (const name of REPLICATE_ENV) delete process.env[name];
  });

  it('speaks with minimax, lip-syncs with LatentSync, and stores both in our object store', async () => {
    const user = crypto.randomUUID();
    expect(await send<string[]>(Subjects.generation.voicesList, {})).toContain('Friendly_Person');
    const audio = await send<AudioResponse>(Subjects.generation.audioCreate, { userId: user, text: 'Hello from the stand-in.', voice_id: 'Wise_Woman', emotion: 'happy' });
    expect(audio.url).toMatch(new RegExp(`^/api/media/users/${user}/audio/`));
    expect((await probe(audio.url)).audio).not.toBeNull();

    const started = await send<JobState>(Subjects.generation.lipsyncStart, { userId: user, video: actorUrl, audio: audio.url });
    const done = await finished(user, started.id);
    expect(done).toMatchObject({ status: 'succeeded', url: `/api/media/users/${user}/videos/${started.id}.mp4` });
    const info = await probe(done.url!);
    expect(info.video?.codec).toBe('h264');
    expect(info.audio).not.toBeNull();
    expect(await bed.generationsCount(user)).toBe(1);
  });

  it('makes a flux portrait (a photo) and its clip, and lip-syncs the photo influencer', async () => {
    const user = crypto.randomUUID();
    const image = await send<InfluencerImageResponse>(Subjects.generation.influencerImageCreate, { userId: user, prompt: 'a smiling surfer on a beach', size: '640x720' });
    const clip = await finished(user, (await send<JobState>(Subjects.generation.influencerVideoStart, { userId: user, image: image.url, projectId: image.id })).id);
    expect(clip.status).toBe('succeeded');
    const project = await send<InfluencerProject>(Subjects.generation.influencerGet, { userId: user, projectId: image.id });
    expect(project).toMatchObject({ imageKind: 'photo', outputUrl: clip.url, thumbnailUrl: expect.stringMatching(/thumbnail\.jpg$/) });
    expect(project.duration).toBeGreaterThan(0);

    const audio = await send<AudioResponse>(Subjects.generation.audioCreate, { userId: user, text: 'A real face, lip-synced by the provider.', voice_id: 'Casual_Guy' });
    const lipSync = await finished(user, (await send<JobState>(Subjects.generation.lipsyncStart, { userId: user, video: clip.url, audio: audio.url })).id);
    expect(lipSync.status).toBe('succeeded');
  });

  it("reports the model's failure as a clear error, and a failed job gives its credit back", async () => {
    const user = crypto.randomUUID();
    // The stand-in fails any prediction whose input mentions [fail].
    await expect(send(Subjects.generation.audioCreate, { userId: user, text: 'Say [fail] please.', voice_id: 'Calm_Woman' })).rejects.toMatchObject({ code: ErrorCode.Upstream });
    const image = await send<InfluencerImageResponse>(Subjects.generation.influencerImageCreate, { userId: user, prompt: 'a chess coach in a park', size: '640x720' });
    const started = await send<JobState>(Subjects.generation.influencerVideoStart, { userId: user, image: image.url, projectId: image.id, prompt: 'waving [fail]' });
    const done = await finished(user, started.id);
    expect(done).toMatchObject({ status: 'failed', url: null, error: expect.any(String) });
    expect(await bed.generationsCount(user)).toBe(0);
  });
});
