import { MikroORM } from '@mikro-orm/postgresql';
import { ErrorCode, Subjects } from '@lipcast/contracts';
import { makeFaceFixture } from '@lipcast/media-engine';
import { runFfmpeg } from '@lipcast/media-tools';
import { startTestBed, type TestBed } from '../testing';

jest.setTimeout(60_000);

/**
 * The check before charging over NATS: a photo or clip lip-sync could not use is refused with its
 * reason before billing hears of the job (no reservation, no project, nothing stored for it).
 */
describe('face check before charging', () => {
  let bed: TestBed;
  const newUser = () => crypto.randomUUID();
  const send: TestBed['send'] = (subject, data) => bed.send(subject, data);
  /** Every reservation the billing ledger holds for the user, whatever its state (read from billing's table: the test reads its ledger). */
  const reservations = async (userId: string) => {
    const [row] = await bed.generation.app.get(MikroORM).em.fork().execute<{ count: number }[]>('select count(*)::int as count from billing.reservation where user_id = ?', [userId]);
    return row!.count;
  };
  /** A picture of `fixture` stored as the user's upload. */
  const upload = async (userId: string, fixture: Parameters<typeof makeFaceFixture>[1]) => {
    const key = `users/${userId}/uploads/${crypto.randomUUID()}.jpg`;
    await bed.storage.putFile(key, await makeFaceFixture(bed.folder, fixture), 'image/jpeg');
    return key;
  };

  beforeAll(async () => (bed = await startTestBed()), 60_000);
  afterAll(() => bed?.close());

  it('refuses an upload with no face for a clip before any credit moves, and starts one with a good photo', async () => {
    const user = newUser();
    const noFace = await upload(user, 'noFace');
    await expect(send(Subjects.generation.influencerVideoStart, { userId: user, image: `/api/media/${noFace}`, prompt: 'smiling' })).rejects.toMatchObject({
      code: ErrorCode.Validation,
      message: 'No face found: use a photo with one clearly visible face.',
      details: { field: 'image', faceCheck: 'no-face' },
    });
    expect(await reservations(user)).toBe(0);
    expect(await bed.generationsCount(user)).toBe(0);
    // The project made for the upload went with the refusal.
    expect(await send(Subjects.generation.influencersList, { userId: user })).toEqual([]);

    const good = await upload(user, 'man');
    const started = await send(Subjects.generation.influencerVideoStart, { userId: user, image: `/api/media/${good}`, prompt: 'smiling' });
    expect(started.status).toMatch(/queued|running/);
    expect(await reservations(user)).toBe(1);
    await send(Subjects.generation.jobCancel, { userId: user, jobId: started.id });
  });

  it('names each reason: several faces, a face too small', async () => {
    const user = newUser();
    const refusal = async (fixture: 'twoFaces' | 'tinyFace') =>
      send(Subjects.generation.influencerVideoStart, { userId: user, image: `/api/media/${await upload(user, fixture)}` }).then(
        () => null,
        (error: { message: string; details: unknown }) => error,
      );
    expect(await refusal('twoFaces')).toMatchObject({ message: "More than one face found: use a photo that shows only one person's face.", details: { faceCheck: 'several-faces' } });
    expect(await refusal('tinyFace')).toMatchObject({ message: 'The face is too small: use a photo where the face fills more of the frame.', details: { faceCheck: 'face-too-small' } });
    expect(await reservations(user)).toBe(0);
  });

  it("refuses the user's own clip with no face for lip-sync before any credit moves", async () => {
    const user = newUser();
    const audio = await send(Subjects.generation.audioCreate, { userId: user, text: 'Nobody is there.', voice_id: 'Friendly_Person' });
    const blank = `${bed.folder}/blank.mp4`;
    await runFfmpeg(['-f', 'lavfi', '-i', 'color=c=0x3060a0:s=640x720:d=2:r=25', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-y', blank]);
    const clip = `users/${user}/uploads/${crypto.randomUUID()}.mp4`;
    await bed.storage.putFile(clip, blank, 'video/mp4');
    const refused = { code: ErrorCode.Validation, message: 'No face found: use a video with one clearly visible face.', details: { field: 'video', faceCheck: 'no-face' } };
    await expect(send(Subjects.generation.lipsyncStart, { userId: user, video: `/api/media/${clip}`, audio: audio.url })).rejects.toMatchObject(refused);
    // Asked again, the same answer (from the analysis kept for the media key).
    await expect(send(Subjects.generation.lipsyncStart, { userId: user, video: `/api/media/${clip}`, audio: audio.url })).rejects.toMatchObject(refused);
    expect(await reservations(user)).toBe(0);
  });
});
