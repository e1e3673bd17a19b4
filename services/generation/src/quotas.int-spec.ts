import { ErrorCode, quotaExceededMessage, Subjects } from '@lipcast/contracts';
import { MikroORM } from '@mikro-orm/postgresql';
import { InfluencersService } from './influencers/influencers.service';
import { startTestBed, type TestBed } from './testing';
// eslint-disable-next-line @nx/enforce-module-boundaries -- test-only helper
import { sameUtcDayFor } from '../../../tools/lib/poll';

jest.setTimeout(60_000);

// Low daily limits for this file only (billing reads them when the test bed starts it).
const LOW_LIMITS = { QUOTA_FREE_SPEECH_PER_DAY: '2', QUOTA_FREE_IMAGES_PER_DAY: '1', QUOTA_FREE_SCRIPTS_PER_DAY: '1' };
// The Creator's clips here are 4 s: what is counted does not depend on their length.
const SHORT_CLIPS = { CREATOR_CLIP_SECONDS: '4' };

describe('daily quotas of the free previews, taken by the request handlers', () => {
  let bed: TestBed;
  const newUser = () => crypto.randomUUID();
  const quotas = async (userId: string) => (await bed.billing.client.send(Subjects.billing.accountGet, { userId })).dailyQuotas;
  const speech = (userId: string, text: string) => bed.send(Subjects.generation.audioCreate, { userId, text, voice_id: 'Friendly_Person' });

  beforeAll(async () => {
    Object.assign(process.env, LOW_LIMITS, SHORT_CLIPS);
    bed = await startTestBed();
  }, 60_000);
  afterAll(async () => {
    for (const name of Object.keys({ ...LOW_LIMITS, ...SHORT_CLIPS })) delete process.env[name];
    await bed?.close();
  });

  // Each test's counts fall in one UTC day (they take a few seconds; a test's hang guard is 60 s).
  beforeEach(() => sameUtcDayFor(60));

  it('refuses a speech preview once the day\'s are spent, before the provider runs; invalid requests take none', async () => {
    const user = newUser();
    await expect(speech(user, '   ')).rejects.toMatchObject({ code: ErrorCode.Validation });
    await speech(user, 'The first preview of the day.');
    await speech(user, 'The second preview of the day.');

    const projectsBefore = await bed.send(Subjects.generation.projectsList, { userId: user });
    await expect(speech(user, 'One preview too many.')).rejects.toMatchObject({
      code: ErrorCode.QuotaExceeded,
      message: 'Daily limit of speech previews reached, resets at 00:00 UTC',
      details: { kind: 'speech', limit: 2, retryAfterSeconds: expect.any(Number) },
    });
    expect(await bed.send(Subjects.generation.projectsList, { userId: user })).toHaveLength(projectsBefore.length);
    expect(await quotas(user)).toContainEqual(expect.objectContaining({ kind: 'speech', used: 2, limit: 2 }));
    // Another user's previews are their own.
    await expect(speech(newUser(), 'Someone else speaks.')).resolves.toMatchObject({ url: expect.any(String) });
  });

  it('refuses an image preview and a script beyond the day\'s', async () => {
    const user = newUser();
    const image = () => bed.send(Subjects.generation.influencerImageCreate, { userId: user, prompt: 'a cheerful baker', size: '640x720' });
    const script = () => bed.send(Subjects.generation.scriptWrite, { userId: user, topic: 'Three quick tips for better sleep' });
    await image();
    await expect(image()).rejects.toMatchObject({ code: ErrorCode.QuotaExceeded, message: 'Daily limit of image previews reached, resets at 00:00 UTC' });
    await script();
    await expect(script()).rejects.toMatchObject({ code: ErrorCode.QuotaExceeded, message: 'Daily limit of scripts reached, resets at 00:00 UTC' });
    expect(await quotas(user)).toEqual([
      expect.objectContaining({ kind: 'speech', used: 0, limit: 2 }),
      expect.objectContaining({ kind: 'image', used: 1, limit: 1 }),
      expect.objectContaining({ kind: 'script', used: 1, limit: 1 }),
    ]);
  });

  it("takes an image preview and no generation for the Creator's silent clip, one generation for its talking video, and refuses a clip once the day's previews are spent, before anything renders", async () => {
    const user = newUser();
    const jobsOf = (userId: string) => bed.generation.app.get(MikroORM).em.fork().execute<{ kind: string; credit: string }[]>('select kind, credit from generation.job where user_id = ? order by created_at', [userId]);
    // Portraits drawn as One Shot draws them (no preview taken), so that the clip is the day's one image preview.
    const portrait = () => bed.generation.app.get(InfluencersService).createImage(user, 'a cheerful baker with curly red hair');
    const first = await portrait();
    const clip = await bed.finished(user, (await bed.send(Subjects.generation.influencerVideoStart, { userId: user, image: first.url, projectId: first.id })).id);
    expect(clip.status).toBe('succeeded');
    expect(await quotas(user)).toContainEqual(expect.objectContaining({ kind: 'image', used: 1, limit: 1 }));
    expect(await bed.generationsCount(user)).toBe(0);
    expect(await jobsOf(user)).toEqual([{ kind: 'image_to_video', credit: 'free' }]);

    // Making it talk is the one generation.
    const audio = await speech(user, 'Hello, I am your new influencer.');
    const talking = await bed.finished(user, (await bed.send(Subjects.generation.lipsyncStart, { userId: user, video: clip.url!, audio: audio.url })).id);
    expect(talking.status).toBe('succeeded');
    expect(await bed.generationsCount(user)).toBe(1);
    expect(await quotas(user)).toContainEqual(expect.objectContaining({ kind: 'image', used: 1 }));

    // The day's previews are spent: another clip is refused with the message to show, and no job starts; the clip already made is rejoined, free.
    const second = await portrait();
    await expect(bed.send(Subjects.generation.influencerVideoStart, { userId: user, image: second.url, projectId: second.id })).rejects.toMatchObject({
      code: ErrorCode.QuotaExceeded,
      message: quotaExceededMessage('image'),
      details: { kind: 'image', limit: 1 },
    });
    expect(await bed.send(Subjects.generation.influencerGet, { userId: user, projectId: second.id })).toMatchObject({ outputUrl: null });
    expect(await jobsOf(user)).toEqual([{ kind: 'image_to_video', credit: 'free' }, { kind: 'lipsync', credit: 'committed' }]);
    expect(await bed.send(Subjects.generation.influencerVideoStart, { userId: user, image: first.url, projectId: first.id })).toMatchObject({ id: clip.id, status: 'succeeded' });
    expect(await bed.generationsCount(user)).toBe(1);
  });
});
