import { actorClipKey, ErrorCode, mediaUrl, ownActorRef, Subjects, TAKE_SEED_MESSAGE, type VideoSpec } from '@lipcast/contracts';
import { runFfmpeg } from '@lipcast/media-tools';
import { seedActorClip, startTestBed, uploadSwayingClip, type TestBed } from '../testing';

const ACTOR_ID = 'ipfs-puppet-video-2';
const ACTOR_URL = mediaUrl(actorClipKey(ACTOR_ID));
// Short: a take differs from the first in most of its frames however long it is (a second of speech is 25 frames to compare).
const SCRIPT = 'One more take.';

jest.setTimeout(120_000);

/** Each decoded frame's MD5 (the pictures, whatever the container says): two takes of the same inputs differ in them. */
async function frameHashes(video: string): Promise<string[]> {
  const report = await runFfmpeg(['-i', video, '-map', '0:v', '-f', 'framemd5', '-'], { captureOutput: true });
  return report
    .toString()
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split(',').at(-1)!.trim());
}

/** How many frames of `a` differ from the frame at the same time in `b`. */
const framesThatDiffer = (a: string[], b: string[]) => a.filter((hash, index) => hash !== b[index]).length;

// Issue 37, item 3: "Generate Again" made nothing new (the same request is the same job). A take's seed makes another video of the same inputs.
describe('takes: the same inputs with a new seed are a new video, charged; the same seed is the same one', () => {
  let bed: TestBed;
  const lipSync = (userId: string, audio: string, seed?: number) => bed.send(Subjects.generation.lipsyncStart, { userId, video: ACTOR_URL, audio, ...(seed === undefined ? {} : { seed }) });
  const create = (userId: string, body: VideoSpec, idempotencyKey: string) => bed.send(Subjects.generation.videoCreate, { userId, ...body, idempotencyKey });

  beforeAll(async () => (bed = await startTestBed((storage, folder) => seedActorClip(storage, ACTOR_ID, folder).then(() => undefined))), 60_000);
  afterAll(() => bed?.close());

  it("the wizard's Generate Again: a new seed starts a new job whose frames differ; each take's re-send finds its own job; both are charged", async () => {
    const user = crypto.randomUUID();
    const audio = await bed.send(Subjects.generation.audioCreate, { userId: user, text: SCRIPT, voice_id: 'Friendly_Person' });
    const first = await lipSync(user, audio.url);
    expect((await lipSync(user, audio.url)).id).toBe(first.id); // the re-send 2 s after a 202
    expect((await lipSync(user, audio.url, 0)).id).toBe(first.id); // seed 0 is the first take
    const take = await lipSync(user, audio.url, 7);
    expect(take.id).not.toBe(first.id);
    expect((await lipSync(user, audio.url, 7)).id).toBe(take.id);

    const [firstDone, takeDone] = [await bed.finished(user, first.id), await bed.finished(user, take.id)];
    expect([firstDone.status, takeDone.status]).toEqual(['succeeded', 'succeeded']);
    expect(takeDone.url).not.toBe(firstDone.url);
    const [firstFrames, takeFrames] = [await frameHashes(await bed.download(firstDone.url!, 'first.mp4')), await frameHashes(await bed.download(takeDone.url!, 'take.mp4'))];
    expect(takeFrames.length).toBe(firstFrames.length); // the same speech: as long
    // Other blinks and head motion: most frames differ (the head sways on another phase), not a handful.
    expect(framesThatDiffer(takeFrames, firstFrames)).toBeGreaterThan(firstFrames.length / 2);
    // Once finished, each take is still its own job (no third video), and each was charged.
    expect((await lipSync(user, audio.url, 7)).id).toBe(take.id);
    expect(await bed.generationsCount(user)).toBe(2);
    // Each take is an item of its own in the history (/projects, /profile), both speaking the same words.
    const history = await bed.send(Subjects.generation.projectsList, { userId: user });
    expect(history.map((item) => item.outputUrl).sort()).toEqual([firstDone.url, takeDone.url].sort());
    expect(history.map((item) => item.audioParams?.text)).toEqual([SCRIPT, SCRIPT]);
  });

  it('the public API: a video with another seed is another take, charged; its key re-sent answers it, and that key with another seed is refused', async () => {
    const user = crypto.randomUUID();
    const body: VideoSpec = { actor: ACTOR_ID, script: SCRIPT, voice: 'Friendly_Person' };
    const first = await create(user, body, 'first-take');
    const take = await create(user, { ...body, seed: 7 }, 'second-take');
    expect(take.id).not.toBe(first.id);
    expect((await create(user, { ...body, seed: 7 }, 'second-take')).id).toBe(take.id);
    await expect(create(user, { ...body, seed: 8 }, 'second-take')).rejects.toMatchObject({ code: ErrorCode.IdempotencyMismatch });
    await expect(create(user, { ...body, seed: 1.5 }, 'no-take')).rejects.toMatchObject({ code: ErrorCode.Validation, message: TAKE_SEED_MESSAGE });

    const [firstDone, takeDone] = [await bed.videoFinished(user, first.id), await bed.videoFinished(user, take.id)];
    expect([firstDone.status, takeDone.status]).toEqual(['succeeded', 'succeeded']);
    const [firstFrames, takeFrames] = [await frameHashes(await bed.download(firstDone.url!, 'api-first.mp4')), await frameHashes(await bed.download(takeDone.url!, 'api-take.mp4'))];
    expect(framesThatDiffer(takeFrames, firstFrames)).toBeGreaterThan(firstFrames.length / 2);
    expect(await bed.generationsCount(user)).toBe(2);
  });

  it("a creator's own clip (a real face): a new take starts elsewhere in the clip, so its frames differ too", async () => {
    const user = crypto.randomUUID();
    const actor = await bed.send(Subjects.generation.ownActorCreate, { userId: user, key: await uploadSwayingClip(bed, user), name: 'Me', consent: true });
    const body: VideoSpec = { actor: ownActorRef(actor.id), script: SCRIPT, voice: 'Friendly_Person' };
    const [first, take] = [await create(user, body, 'own-first'), await create(user, { ...body, seed: 7 }, 'own-take')];
    const [firstDone, takeDone] = [await bed.videoFinished(user, first.id), await bed.videoFinished(user, take.id)];
    expect([firstDone.status, takeDone.status]).toEqual(['succeeded', 'succeeded']);
    const [firstFrames, takeFrames] = [await frameHashes(await bed.download(firstDone.url!, 'own-first.mp4')), await frameHashes(await bed.download(takeDone.url!, 'own-take.mp4'))];
    expect(takeFrames.length).toBe(firstFrames.length);
    expect(framesThatDiffer(takeFrames, firstFrames)).toBeGreaterThan(firstFrames.length / 2);
    expect(await bed.generationsCount(user)).toBe(2);
  });
});
