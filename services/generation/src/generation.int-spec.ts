/* eslint-disable @nx/enforce-module-boundaries -- test-only code: the tools' shared polling helper */
import { join } from 'node:path';
import { actorClipKey, ErrorCode, mediaKeyOf, mediaUrl, Subjects } from '@lipcast/contracts';
import { pollUntil } from '../../../tools/lib/poll';
import { probeMedia, runFfmpeg } from '@lipcast/media-tools';
import { NO_FACE_MESSAGE } from './providers/embedded/embedded-lipsync';
import { seedActorClip, startTestBed, type TestBed } from './testing';

const ACTOR_ID = 'ipfs-puppet-video-2';
const ACTOR_URL = mediaUrl(actorClipKey(ACTOR_ID));
const FOREIGN_MEDIA = "video must be a built-in actor, an approved community influencer's video or your own media";

jest.setTimeout(30_000);

describe('generation service: speech, lip-sync jobs and projects over NATS', () => {
  let bed: TestBed;
  const send: TestBed['send'] = (subject, data) => bed.send(subject, data);
  const newUser = () => crypto.randomUUID();
  const makeAudio = (userId: string, text: string, extra: Record<string, unknown> = {}) =>
    send(Subjects.generation.audioCreate, { userId, text, voice_id: 'Friendly_Person', ...extra });
  const lipSync = (userId: string, audio: string, video = ACTOR_URL) => send(Subjects.generation.lipsyncStart, { userId, video, audio });
  const job = (userId: string, jobId: string) => send(Subjects.generation.jobGet, { userId, jobId });
  const finished = (userId: string, jobId: string) => bed.finished(userId, jobId);
  const download = (url: string, name: string) => bed.download(url, name);
  const account = (userId: string) => bed.billing.client.send(Subjects.billing.accountGet, { userId });

  /** The mouth region of the frame at `seconds`, as grey bytes. */
  const mouthAt = (video: string, seconds: number) =>
    runFfmpeg(['-ss', seconds.toFixed(2), '-i', video, '-frames:v', '1', '-vf', 'crop=120:80:260:352,format=gray', '-f', 'rawvideo', 'pipe:1'], { captureOutput: true });

  // The one built-in actor these tests use, as the seed step makes it.
  beforeAll(async () => (bed = await startTestBed((storage, folder) => seedActorClip(storage, ACTOR_ID, folder).then(() => undefined))), 60_000);
  afterAll(() => bed?.close());

  it('lists the 17 voices and the 14 built-in actors with their media routes', async () => {
    const voices = await send(Subjects.generation.voicesList, {});
    expect(voices).toHaveLength(17);
    expect(voices).toContain('Friendly_Person');
    const actors = await send(Subjects.generation.actorsList, {});
    expect(actors).toHaveLength(14);
    expect(actors.map((actor) => actor.id)).toEqual(expect.arrayContaining(['ipfs-puppet-video', 'ipfs-puppet-video-13']));
    expect(new Set(actors.map((actor) => actor.setting))).toEqual(new Set(['Digital Performance', 'Puppet Performance', 'Digital Character']));
    for (const actor of actors) expect([8, 10, 15, 20]).toContain(actor.duration);
    expect(actors.find((actor) => actor.id === ACTOR_ID)).toMatchObject({ url: ACTOR_URL, thumbnail: `/api/media/actors/${ACTOR_ID}/thumbnail-v1.jpg` });
  });

  it('makes a decodable MP3 of the expected length, follows the speed, and records a project', async () => {
    const user = newUser();
    const text = 'Hello everyone, today I will show you how easy it is to make a talking video.';
    const normal = await makeAudio(user, text, { emotion: 'happy', pitch: 3 });
    const fast = await makeAudio(user, text, { speed: 2, voice_id: 'Deep_Voice_Man' });
    expect(normal.url).toMatch(new RegExp(`^/api/media/users/${user}/audio/[0-9a-f-]+\\.mp3$`));
    const normalInfo = await probeMedia(await download(normal.url, 'normal.mp3'));
    const fastInfo = await probeMedia(await download(fast.url, 'fast.mp3'));
    expect(normalInfo.audio?.codec).toBe('mp3');
    const expected = text.split(/\s+/).length / 2.5;
    expect(normalInfo.durationSeconds).toBeGreaterThan(expected * 0.8);
    expect(normalInfo.durationSeconds).toBeLessThan(expected * 1.2);
    expect(normalInfo.durationSeconds / fastInfo.durationSeconds).toBeGreaterThan(1.6);

    const projects = await send(Subjects.generation.projectsList, { userId: user });
    expect(projects).toHaveLength(2);
    expect(projects.find((project) => project.audioUrl === normal.url)).toMatchObject({
      outputUrl: null,
      audioParams: { text, voice_id: 'Friendly_Person', emotion: 'happy', pitch: 3, speed: 1, volume: 1, language: 'English' },
    });
  });

  it('refuses bad audio requests with the field message', async () => {
    const user = newUser();
    await expect(makeAudio(user, '   ')).rejects.toMatchObject({ code: ErrorCode.Validation, message: 'Please enter dialogue text' });
    await expect(makeAudio(user, 'Hi', { pitch: 11 })).rejects.toMatchObject({ message: 'pitch must be a whole number from -10 to 10' });
    await expect(makeAudio(user, 'Hi', { speed: 0.2 })).rejects.toMatchObject({ message: 'speed must be a number from 0.5 to 2' });
    await expect(makeAudio(user, 'Hi', { emotion: 'bored' })).rejects.toMatchObject({ message: expect.stringContaining('emotion must be one of: neutral') });
    await expect(makeAudio(user, 'Hi', { voice_id: 'Nobody' })).rejects.toMatchObject({ message: expect.stringContaining('voice_id must be one of: Wise_Woman') });
    await expect(makeAudio(user, 'x'.repeat(2001))).rejects.toMatchObject({ message: 'Dialogue text must be at most 2000 characters' });
  });

  it('lip-syncs a built-in actor: H.264 + AAC at 640x720, as long as the audio, with a moving mouth; counted once', async () => {
    const user = newUser();
    const audio = await makeAudio(user, 'Open your mouth wide and say papa, mama, banana, wow! Then rest a moment.');
    const started = await lipSync(user, audio.url);
    expect(['queued', 'running']).toContain(started.status);
    const again = await lipSync(user, audio.url);
    expect(again.id).toBe(started.id);

    const done = await finished(user, started.id);
    expect(done).toMatchObject({ status: 'succeeded', progress: 100, url: `/api/media/users/${user}/jobs/${started.id}/video.mp4` });
    const video = await download(done.url!, 'lipsync.mp4');
    const info = await probeMedia(video);
    const audioInfo = await probeMedia(await download(audio.url, 'speech.mp3'));
    expect(info.video).toMatchObject({ codec: 'h264', profile: 'High', pixelFormat: 'yuv420p', width: 640, height: 720, fps: 25 });
    expect(info.audio?.codec).toBe('aac');
    expect(Math.abs(info.durationSeconds - audioInfo.durationSeconds)).toBeLessThan(0.3);

    const mouths = await Promise.all([0.6, 1.1, 1.6, 2.1, 2.6].map((seconds) => mouthAt(video, seconds)));
    const differences = mouths.slice(1).map((mouth, index) => mouth.reduce((sum, value, pixel) => sum + Math.abs(value - mouths[index][pixel]), 0) / mouth.length);
    expect(Math.max(...differences)).toBeGreaterThan(4);

    // The same request after it finished is still the same job: no second video, no second charge.
    expect((await lipSync(user, audio.url)).id).toBe(started.id);
    expect((await account(user)).generationsCount).toBe(1);
    const [project] = await send(Subjects.generation.projectsList, { userId: user });
    expect(project).toMatchObject({ audioUrl: audio.url, outputUrl: done.url });
    // Paid output is final: a finished job can no longer be cancelled (its credit stays spent).
    await expect(send(Subjects.generation.jobCancel, { userId: user, jobId: started.id })).rejects.toMatchObject({ code: ErrorCode.Conflict });
    expect((await account(user)).generationsCount).toBe(1);
  });

  it("accepts only built-in actors and the caller's own media, never an outside URL", async () => {
    const owner = newUser();
    const other = newUser();
    const audio = await makeAudio(owner, 'This audio belongs to its owner.');
    await expect(lipSync(other, audio.url)).rejects.toMatchObject({ code: ErrorCode.Validation, message: expect.stringContaining('audio must be a built-in actor') });
    await expect(lipSync(owner, audio.url, 'https://example.com/video.mp4')).rejects.toMatchObject({ code: ErrorCode.Validation, message: FOREIGN_MEDIA });
    await expect(lipSync(owner, audio.url, `/api/media/users/${other}/videos/x.mp4`)).rejects.toMatchObject({ message: FOREIGN_MEDIA });
    await expect(lipSync(owner, audio.url, '/api/media/actors/../users/x.mp4')).rejects.toMatchObject({ message: FOREIGN_MEDIA });
    expect((await account(other)).generationsCount).toBe(0);
  });

  it("hides one user's jobs and projects from another", async () => {
    const owner = newUser();
    const audio = await makeAudio(owner, 'Private words.');
    const started = await lipSync(owner, audio.url);
    await expect(job(newUser(), started.id)).rejects.toMatchObject({ code: ErrorCode.NotFound });
    await expect(send(Subjects.generation.jobCancel, { userId: newUser(), jobId: started.id })).rejects.toMatchObject({ code: ErrorCode.NotFound });
    const [project] = await send(Subjects.generation.projectsList, { userId: owner });
    await expect(send(Subjects.generation.projectDelete, { userId: newUser(), projectId: project.id })).rejects.toMatchObject({ code: ErrorCode.NotFound });
    await finished(owner, started.id);
  });

  it('deletes your own project and its media', async () => {
    const user = newUser();
    const audio = await makeAudio(user, 'Delete me after.');
    const [project] = await send(Subjects.generation.projectsList, { userId: user });
    await send(Subjects.generation.projectDelete, { userId: user, projectId: project.id });
    expect(await send(Subjects.generation.projectsList, { userId: user })).toEqual([]);
    expect(await bed.storage.stat(mediaKeyOf(audio.url)!)).toBeNull();
  });

  it('cancels a running job and gives the credit back', async () => {
    const user = newUser();
    // About 14 s of speech (was 12 repeats, 43 s): the job is cancelled as soon as it starts, seconds before its render could end.
    const audio = await makeAudio(user, 'This is a long speech that will be canceled. '.repeat(4));
    const started = await lipSync(user, audio.url);
    const canceled = await send(Subjects.generation.jobCancel, { userId: user, jobId: started.id });
    expect(canceled.status).toBe('canceled');
    expect(await finished(user, started.id)).toMatchObject({ status: 'canceled', url: null });
    expect(await account(user)).toMatchObject({ generationsCount: 0 });
    // Nothing of it stays: no video in its folder (once its worker stopped), none in the history item.
    await pollUntil(async () => (await bed.storage.list(`users/${user}/jobs/${started.id}/`)).length === 0, 15_000);
    const history = await send(Subjects.generation.projectsList, { userId: user });
    expect(history.find((item) => item.audioUrl === audio.url)).toMatchObject({ outputUrl: null });
    // Canceled is not the same job any more: asking again starts a new one.
    const restarted = await lipSync(user, audio.url);
    expect(restarted.id).not.toBe(started.id);
    await send(Subjects.generation.jobCancel, { userId: user, jobId: restarted.id });
  });

  it('fails a job the engine cannot do with a clear message, and releases its credit', async () => {
    const user = newUser();
    const audio = await makeAudio(user, 'A face the engine cannot find.');
    // The user's own clip with no face in it: nothing to animate. Kept as one of their results (not an
    // upload), which the check before charging does not look at (an upload is refused before: face-checks.int-spec).
    const blank = join(bed.folder, 'blank.mp4');
    await runFfmpeg(['-f', 'lavfi', '-i', 'color=c=0x3060a0:s=640x720:d=2:r=25', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', blank]);
    const ownVideo = `users/${user}/jobs/${crypto.randomUUID()}/video.mp4`;
    await bed.storage.putFile(ownVideo, blank, 'video/mp4');
    const started = await lipSync(user, audio.url, `/api/media/${ownVideo}`);
    const done = await finished(user, started.id);
    expect(done).toMatchObject({ status: 'failed', url: null, error: NO_FACE_MESSAGE });
    expect((await account(user)).generationsCount).toBe(0);
  });

  it('writes a script within the spoken budget (words / 2.2 + 1 ≤ 15 s) and checks the topic', async () => {
    const userId = newUser();
    const { script } = await send(Subjects.generation.scriptWrite, { userId, topic: 'Why morning walks make you more productive', maxDuration: 15 });
    const words = script.split(/\s+/).filter(Boolean).length;
    expect(words).toBeGreaterThan(5);
    expect(words / 2.2 + 1).toBeLessThanOrEqual(15);
    expect(script.toLowerCase()).toContain('morning walks');
    await expect(send(Subjects.generation.scriptWrite, { userId, topic: 'too short' })).rejects.toMatchObject({ code: ErrorCode.Validation, message: 'Topic must be at least 10 characters' });
    await expect(send(Subjects.generation.scriptWrite, { userId, topic: 'x'.repeat(1001) })).rejects.toMatchObject({ message: 'Topic cannot exceed 1000 characters' });
  });

  it('answers 402 details when a free user has used the 3 generations', async () => {
    const user = newUser();
    for (let index = 0; index < 3; index++) {
      const jobId = crypto.randomUUID();
      await bed.billing.client.send(Subjects.billing.creditsReserve, { userId: user, jobId });
      await bed.billing.client.send(Subjects.billing.creditsCommit, { jobId });
    }
    const audio = await makeAudio(user, 'One more please.');
    await expect(lipSync(user, audio.url)).rejects.toMatchObject({ code: ErrorCode.PaymentRequired, details: expect.objectContaining({ limit: 3 }) });
  });
});
