import { ErrorCode, Subjects } from '@lipcast/contracts';
import { startTestBed, type TestBed } from './testing';
// eslint-disable-next-line @nx/enforce-module-boundaries -- test-only helper
import { sameUtcDayFor } from '../../../tools/lib/poll';

jest.setTimeout(60_000);

// Low daily limits for this file only (billing reads them when the test bed starts it).
const LOW_LIMITS = { QUOTA_FREE_SPEECH_PER_DAY: '2', QUOTA_FREE_IMAGES_PER_DAY: '1', QUOTA_FREE_SCRIPTS_PER_DAY: '1' };

describe('daily quotas of the free previews, taken by the request handlers', () => {
  let bed: TestBed;
  const newUser = () => crypto.randomUUID();
  const quotas = async (userId: string) => (await bed.billing.client.send(Subjects.billing.accountGet, { userId })).dailyQuotas;
  const speech = (userId: string, text: string) => bed.send(Subjects.generation.audioCreate, { userId, text, voice_id: 'Friendly_Person' });

  beforeAll(async () => {
    Object.assign(process.env, LOW_LIMITS);
    bed = await startTestBed();
  }, 60_000);
  afterAll(async () => {
    for (const name of Object.keys(LOW_LIMITS)) delete process.env[name];
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
});
