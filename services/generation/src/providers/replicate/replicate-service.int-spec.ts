/* eslint-disable @nx/enforce-module-boundaries -- the service runs against the local Replicate stand-in */
import { join } from 'node:path';
import { ErrorCode, ownActorRef, Subjects, uploadKey, VoiceCloneMessages } from '@lipcast/contracts';
import { pollUntil } from '../../../../../tools/lib/poll';
import { startReplicateStandIn, type ReplicateStandIn } from '../../../../../tools/replicate/stand-in';
import { probeMedia, runFfmpeg } from '@lipcast/media-tools';
import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { SpeechPort } from '../../ports/speech.port';
import { withWorkDir } from '../work';
import { CLONED_VOICE_UNKNOWN } from '../../audio/audio.service';
import { VoiceKeepAlive } from '../../voice-clones/voice-keep-alive';
import { seedActorClip, startTestBed, uploadSwayingClip, type TestBed } from '../../testing';

jest.setTimeout(90_000);

const TOKEN = 'r8_standin_service_test';
const REPLICATE_ENV = ['MEDIA_PROVIDER', 'REPLICATE_API_TOKEN', 'REPLICATE_API_URL', 'PROVIDER_POLL_SECONDS'] as const;

/** The generation service with MEDIA_PROVIDER=replicate, over the stand-in that speaks Replicate's HTTP API. */
describe('generation service on Replicate (the local stand-in)', () => {
  let standIn: ReplicateStandIn;
  let bed: TestBed;
  let actorUrl: string;
  const send: TestBed['send'] = (subject, data) => bed.send(subject, data);
  const finished = (userId: string, jobId: string) => bed.finished(userId, jobId);
  const probe = async (url: string) => probeMedia(await bed.download(url, url.split('/').pop()!));

  beforeAll(async () => {
    standIn = await startReplicateStandIn({ port: 0, apiToken: TOKEN, stepMs: 20, processingSteps: 2 });
    // Parked jobs are looked at every 0.2 s, as in parked-jobs.int-spec.ts: the stand-in answers in
    // tens of milliseconds, and the default 2 s between looks would be most of each test's time.
    Object.assign(process.env, { MEDIA_PROVIDER: 'replicate', REPLICATE_API_TOKEN: TOKEN, REPLICATE_API_URL: standIn.url, PROVIDER_POLL_SECONDS: '0.2' });
    bed = await startTestBed(async (storage, folder) => {
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
    expect(await send(Subjects.generation.voicesList, {})).toContain('Friendly_Person');
    const audio = await send(Subjects.generation.audioCreate, { userId: user, text: 'Hello from the stand-in.', voice_id: 'Wise_Woman', emotion: 'happy' });
    expect(audio.url).toMatch(new RegExp(`^/api/media/users/${user}/audio/`));
    expect((await probe(audio.url)).audio).not.toBeNull();

    const started = await send(Subjects.generation.lipsyncStart, { userId: user, video: actorUrl, audio: audio.url });
    const done = await finished(user, started.id);
    expect(done).toMatchObject({ status: 'succeeded', url: `/api/media/users/${user}/jobs/${started.id}/video.mp4` });
    const info = await probe(done.url!);
    expect(info.video?.codec).toBe('h264');
    expect(info.audio).not.toBeNull();
    expect(await bed.generationsCount(user)).toBe(1);
  });

  it("checks each provider video's lip-sync: in sync, it is delivered; out of sync on purpose, it is made once more, charged once, and delivered marked below the limits", async () => {
    const user = crypto.randomUUID();
    const actor = await send(Subjects.generation.ownActorCreate, { userId: user, key: await uploadSwayingClip(bed, user), name: 'Me', consent: true });
    const body = { userId: user, actor: ownActorRef(actor.id), script: 'Hello there, this is my own face speaking new words.', voice: 'Wise_Woman' };
    const latentSyncCalls = () => standIn.creations.filter((creation) => creation.model === 'bytedance/latentsync').length;

    const before = latentSyncCalls();
    const synced = await bed.videoFinished(user, (await send(Subjects.generation.videoCreate, body)).id);
    expect(synced.status).toBe('succeeded');
    expect(Math.abs(synced.lipSync!.offsetMs)).toBeLessThanOrEqual(160);
    expect(synced.lipSync!.confidence).toBeGreaterThanOrEqual(0.3);
    expect(synced.lipSync!.belowThreshold).toBeUndefined();
    expect(latentSyncCalls() - before).toBe(1);

    standIn.behaviour.lipSync = 'frozen';
    try {
      const frozen = await bed.videoFinished(user, (await send(Subjects.generation.videoCreate, body)).id);
      expect(frozen.status).toBe('succeeded');
      expect(frozen.lipSync).toMatchObject({ belowThreshold: true });
      expect(frozen.lipSync!.confidence).toBeLessThan(0.3);
      expect(latentSyncCalls() - before).toBe(3);
      // The operators find it under "below threshold", and only it.
      const listed = await send(Subjects.generation.adminJobsList, { userIds: [user], lipSync: 'below-threshold' });
      expect(listed.jobs.map((job) => job.id)).toEqual([frozen.id]);
    } finally {
      standIn.behaviour.lipSync = 'synced';
    }
    expect(await bed.generationsCount(user)).toBe(2);
  });

  it('makes a flux portrait (a photo) and its clip, and lip-syncs the photo influencer', async () => {
    const user = crypto.randomUUID();
    const image = await send(Subjects.generation.influencerImageCreate, { userId: user, prompt: 'a smiling surfer on a beach', size: '640x720' });
    const clip = await finished(user, (await send(Subjects.generation.influencerVideoStart, { userId: user, image: image.url, projectId: image.id })).id);
    expect(clip.status).toBe('succeeded');
    const project = await send(Subjects.generation.influencerGet, { userId: user, projectId: image.id });
    expect(project).toMatchObject({ imageKind: 'photo', outputUrl: clip.url, thumbnailUrl: expect.stringMatching(/thumbnail\.jpg$/) });
    expect(project.duration).toBeGreaterThan(0);

    const audio = await send(Subjects.generation.audioCreate, { userId: user, text: 'A real face, lip-synced by the provider.', voice_id: 'Casual_Guy' });
    const lipSync = await finished(user, (await send(Subjects.generation.lipsyncStart, { userId: user, video: clip.url!, audio: audio.url })).id);
    expect(lipSync.status).toBe('succeeded');
  });

  it("reports the model's failure as a clear error, and a failed job gives its credit back", async () => {
    const user = crypto.randomUUID();
    // The stand-in fails any prediction whose input mentions [fail].
    await expect(send(Subjects.generation.audioCreate, { userId: user, text: 'Say [fail] please.', voice_id: 'Calm_Woman' })).rejects.toMatchObject({ code: ErrorCode.Upstream });
    // A One Shot run holds a generation from its start (a Creator clip is a free preview); its portrait fails at the model.
    const run = await send(Subjects.generation.pipelineStart, { userId: user, influencerDescription: 'A chess coach in a park [fail]', gender: 'male', scriptTopic: 'opening traps' });
    const done = await finished(user, run.id);
    expect(done).toMatchObject({ status: 'failed', url: null, error: expect.any(String) });
    expect(await bed.generationsCount(user)).toBe(0);
  });

  /** Everything a job stored is gone (once its worker has stopped writing). */
  const jobFolderEmptied = (user: string, jobId: string) => pollUntil(async () => (await bed.storage.list(`users/${user}/jobs/${jobId}/`)).length === 0, 15_000);

  it('cancelling a One Shot run after its portrait deletes everything it made: no influencer, no gallery copy, no history, credit back', async () => {
    const user = crypto.randomUUID();
    // The offline script repeats the topic, so the speech prediction stays processing ([slow]) after the portrait is done.
    const run = await send(Subjects.generation.pipelineStart, { userId: user, influencerDescription: 'A calm librarian with a warm smile', gender: 'female', scriptTopic: '[slow] quiet reading corners at home' });
    const afterImage = await pollUntil(async () => {
      const state = await send(Subjects.generation.jobGet, { userId: user, jobId: run.id });
      return state.steps?.image.status === 'done' && state.steps.audio.status === 'running' ? state : null;
    }, 30_000);
    const imageKey = afterImage.steps!.image.url!.replace('/api/media/', '');
    expect(await bed.storage.stat(imageKey)).not.toBeNull();

    expect((await send(Subjects.generation.jobCancel, { userId: user, jobId: run.id })).status).toBe('canceled');
    await jobFolderEmptied(user, run.id);
    expect(await bed.storage.stat(imageKey)).toBeNull();
    expect(await send(Subjects.generation.influencersList, { userId: user })).toEqual([]);
    expect(await send(Subjects.generation.projectsList, { userId: user })).toEqual([]);
    expect((await send(Subjects.generation.galleryList, { userId: null })).some((item) => item.imageUrl === afterImage.steps!.image.url)).toBe(false);
    expect(await bed.generationsCount(user)).toBe(0);
  });

  it('deleting a Creator project while its clip is made cancels the clip: nothing stored under it, nothing charged', async () => {
    const user = crypto.randomUUID();
    const image = await send(Subjects.generation.influencerImageCreate, { userId: user, prompt: 'a baker at dawn', size: '640x720' });
    const started = await send(Subjects.generation.influencerVideoStart, { userId: user, image: image.url, projectId: image.id, prompt: 'kneading dough [slow]' });
    await pollUntil(async () => (await send(Subjects.generation.jobGet, { userId: user, jobId: started.id })).status === 'running', 15_000);

    await send(Subjects.generation.influencerDelete, { userId: user, projectId: image.id });
    expect(await finished(user, started.id)).toMatchObject({ status: 'canceled', url: null });
    await jobFolderEmptied(user, started.id);
    expect(await bed.storage.list(`users/${user}/`)).toEqual([]);
    expect(await bed.generationsCount(user)).toBe(0);
  });

  /** A recording of `seconds` kept through `generation.audio.upload.v1`, as the wizard's "Your own voice" does; its URL. */
  async function ownRecording(user: string, seconds: number): Promise<string> {
    const path = join(bed.folder, `recording-${seconds}-${crypto.randomUUID()}.mp3`);
    await runFfmpeg(['-f', 'lavfi', '-i', `sine=frequency=210:duration=${seconds}`, '-c:a', 'libmp3lame', '-b:a', '64k', path]);
    const key = uploadKey(user, 'mp3');
    await bed.storage.putFile(key, path, 'audio/mpeg');
    return (await send(Subjects.generation.audioUpload, { userId: user, key, consent: true })).url;
  }

  it('clones a 12 s recording at minimax/voice-cloning as the creator\'s private voice, with its voice consent; lists and deletes it', async () => {
    const user = crypto.randomUUID();
    const before = await send(Subjects.generation.ownVoicesList, { userId: user });
    expect(before).toEqual({ voices: [], cloning: true, sampleSeconds: { min: 10, max: 60 } });

    const voice = await send(Subjects.generation.voiceClone, { userId: user, audio: await ownRecording(user, 12), consent: true, name: '  My voice ' });
    expect(voice).toMatchObject({ id: expect.stringMatching(/^clone:[0-9a-f-]{36}$/), name: 'My voice' });
    const cloning = standIn.creations.at(-1)!;
    expect(cloning.model).toBe('minimax/voice-cloning');
    expect(standIn.clonedVoices.ids()).toHaveLength(1);
    const consents = await send(Subjects.generation.consentsList, { userId: user });
    // The recording's consent at its upload, and the cloning's own.
    expect(consents.map((consent) => consent.subject)).toEqual(['voice', 'voice']);
    const sampleKey = `users/${user}/voices/${voice.id.slice('clone:'.length)}/sample.mp3`;
    expect(await bed.storage.stat(sampleKey)).not.toBeNull();
    expect((await send(Subjects.generation.ownVoicesList, { userId: user })).voices).toEqual([voice]);
    // Someone else's list and deletion do not see it.
    const other = crypto.randomUUID();
    expect((await send(Subjects.generation.ownVoicesList, { userId: other })).voices).toEqual([]);
    await expect(send(Subjects.generation.ownVoiceDelete, { userId: other, voiceId: voice.id })).rejects.toMatchObject({ code: ErrorCode.NotFound });

    expect(await send(Subjects.generation.ownVoiceDelete, { userId: user, voiceId: voice.id })).toEqual({ deleted: true });
    expect((await send(Subjects.generation.ownVoicesList, { userId: user })).voices).toEqual([]);
    expect(await bed.storage.stat(sampleKey)).toBeNull();
  });

  it("refuses a recording under 10 s, someone else's recording, and a missing consent before anything reaches the provider", async () => {
    const user = crypto.randomUUID();
    const predictionsBefore = standIn.creations.length;
    const short = await ownRecording(user, 6);
    await expect(send(Subjects.generation.voiceClone, { userId: user, audio: short, consent: true, name: 'Short' })).rejects.toMatchObject({
      code: ErrorCode.Validation,
      message: expect.stringMatching(/^A voice is cloned from 10 to 60 seconds of speech; this recording is 6\.\d s\.$/),
      details: { field: 'audio' },
    });
    await expect(send(Subjects.generation.voiceClone, { userId: crypto.randomUUID(), audio: short, consent: true, name: 'Not mine' })).rejects.toMatchObject({
      code: ErrorCode.Validation,
      message: VoiceCloneMessages.notYours,
    });
    await expect(send(Subjects.generation.voiceClone, { userId: user, audio: short, consent: false as unknown as true, name: 'No consent' })).rejects.toMatchObject({
      code: ErrorCode.Validation,
      message: expect.stringContaining(VoiceCloneMessages.consent),
    });
    expect(standIn.creations.length).toBe(predictionsBefore);
    expect((await send(Subjects.generation.ownVoicesList, { userId: user })).voices).toEqual([]);
    expect(await bed.storage.list(`users/${user}/voices/`)).toEqual([]);
  });

  it('speaks clone:<uuid> with the voice minimax/voice-cloning made, marking it used; the keep-alive clones a voice MiniMax dropped again', async () => {
    const user = crypto.randomUUID();
    const voice = await send(Subjects.generation.voiceClone, { userId: user, audio: await ownRecording(user, 15), consent: true, name: 'Kept' });
    const firstProviderVoice = standIn.clonedVoices.ids().at(-1)!;
    const speech = bed.generation.app.get(SpeechPort);
    const orm = bed.generation.app.get(MikroORM);
    const inContext = <T>(run: () => Promise<T>) => RequestContext.create(orm.em, run);
    const request = { text: 'In my own voice.', voiceId: voice.id, emotion: 'neutral', pitch: 0, speed: 1, volume: 1, language: 'English' };

    const spoken = await inContext(() => withWorkDir({}, (context) => speech.synthesize(request, context)));
    expect(spoken.durationSeconds).toBeGreaterThan(1);
    const spokenAt = standIn.creations.at(-1)!;
    expect(((await (await fetch(`${standIn.url}/predictions/${spokenAt.id}`, { headers: { authorization: `Bearer ${TOKEN}` } })).json()) as { input: { voice_id: string } }).input.voice_id).toBe(firstProviderVoice);
    // The wizard's speech takes the creator's own clone; another creator cannot use it.
    expect((await send(Subjects.generation.audioCreate, { userId: user, text: 'Through the wizard.', voice_id: voice.id })).url).toMatch(/^\/api\/media\/users\//);
    await expect(send(Subjects.generation.audioCreate, { userId: crypto.randomUUID(), text: 'Not mine.', voice_id: voice.id })).rejects.toMatchObject({ message: CLONED_VOICE_UNKNOWN });
    const [listed] = (await send(Subjects.generation.ownVoicesList, { userId: user })).voices;
    expect(Date.parse(listed.lastUsedAt)).toBeGreaterThan(Date.parse(voice.lastUsedAt));
    await expect(inContext(() => withWorkDir({}, (context) => speech.synthesize({ ...request, voiceId: `clone:${crypto.randomUUID()}` }, context)))).rejects.toMatchObject({ kind: 'invalid-input', message: VoiceCloneMessages.notFound });

    // A week unused: MiniMax has deleted the voice; our row says 7 days too.
    standIn.clonedVoices.setUnusedFor(firstProviderVoice, 7 * 24 * 3600 * 1000);
    await orm.em.fork().getConnection().execute(`update "generation"."cloned_voice" set "last_used_at" = now() - interval '7 days' where "id" = ?`, [voice.id.slice('clone:'.length)]);
    const kept = await inContext(() => bed.generation.app.get(VoiceKeepAlive).keepAlive());
    expect(kept).toContainEqual({ voiceId: voice.id.slice('clone:'.length), outcome: 'recloned' });
    const secondProviderVoice = standIn.clonedVoices.ids().at(-1)!;
    expect(secondProviderVoice).not.toBe(firstProviderVoice);
    // The creator's voice id is unchanged and speaks with the new provider voice.
    await inContext(() => withWorkDir({}, (context) => speech.synthesize(request, context)));
    const respokenAt = standIn.creations.at(-1)!;
    expect(((await (await fetch(`${standIn.url}/predictions/${respokenAt.id}`, { headers: { authorization: `Bearer ${TOKEN}` } })).json()) as { input: { voice_id: string } }).input.voice_id).toBe(secondProviderVoice);
  });
});
