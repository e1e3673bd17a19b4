/* eslint-disable @nx/enforce-module-boundaries -- test-only code: the tools' polling helper */
import { MikroORM } from '@mikro-orm/postgresql';
import { ErrorCode, FaceCheckMessages, LIKENESS_CONSENT_TEXT, mediaKeyOf, ownActorFolder, OwnActorMessages, Subjects } from '@lipcast/contracts';
import { makeFaceClip, makeFaceFixture } from '@lipcast/media-engine';
import { runFfmpeg } from '@lipcast/media-tools';
import { pollUntil } from '../../../../tools/lib/poll';
import { startTestBed, uploadSwayingClip, type TestBed } from '../testing';

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
  /** Today's image previews the user has used (a Creator clip takes one once its checks pass). */
  const imagePreviewsUsed = async (userId: string) =>
    (await bed.billing.client.send(Subjects.billing.accountGet, { userId })).dailyQuotas.find((quota) => quota.kind === 'image')?.used;
  /** A picture of `fixture` stored as the user's upload. */
  const upload = async (userId: string, fixture: Parameters<typeof makeFaceFixture>[1]) => {
    const key = `users/${userId}/uploads/${crypto.randomUUID()}.jpg`;
    await bed.storage.putFile(key, await makeFaceFixture(bed.folder, fixture), 'image/jpeg');
    return key;
  };

  const clipUpload = (userId: string, fixture: 'man' | 'twoFaces' | 'noFace', seconds: number) => uploadSwayingClip(bed, userId, fixture, seconds);
  const createActor = (userId: string, key: string, consent = true) => send(Subjects.generation.ownActorCreate, { userId, key, name: ' Me, filmed ', consent });

  beforeAll(async () => (bed = await startTestBed()), 60_000);
  afterAll(() => bed?.close());

  it('refuses an upload with no face for a clip before any preview is taken, and starts one with a good photo (a free preview: no reservation)', async () => {
    const user = newUser();
    const noFace = await upload(user, 'noFace');
    await expect(send(Subjects.generation.influencerVideoStart, { userId: user, image: `/api/media/${noFace}`, prompt: 'smiling', consent: true })).rejects.toMatchObject({
      code: ErrorCode.Validation,
      message: 'No face found: use a photo with one clearly visible face.',
      details: { field: 'image', faceCheck: 'no-face' },
    });
    expect(await reservations(user)).toBe(0);
    expect(await bed.generationsCount(user)).toBe(0);
    expect(await imagePreviewsUsed(user)).toBe(0);
    // The project made for the upload went with the refusal.
    expect(await send(Subjects.generation.influencersList, { userId: user })).toEqual([]);

    const good = await upload(user, 'man');
    const started = await send(Subjects.generation.influencerVideoStart, { userId: user, image: `/api/media/${good}`, prompt: 'smiling', consent: true });
    expect(started.status).toMatch(/queued|running/);
    expect(await reservations(user)).toBe(0);
    expect(await imagePreviewsUsed(user)).toBe(1);
    await send(Subjects.generation.jobCancel, { userId: user, jobId: started.id });
  });

  it('names each reason: several faces, a face too small', async () => {
    const user = newUser();
    const refusal = async (fixture: 'twoFaces' | 'tinyFace') =>
      send(Subjects.generation.influencerVideoStart, { userId: user, image: `/api/media/${await upload(user, fixture)}`, consent: true }).then(
        () => null,
        (error: { message: string; details: unknown }) => error,
      );
    expect(await refusal('twoFaces')).toMatchObject({ message: "More than one face found: use a photo that shows only one person's face.", details: { faceCheck: 'several-faces' } });
    expect(await refusal('tinyFace')).toMatchObject({ message: 'The face is too small: use a photo where the face fills more of the frame.', details: { faceCheck: 'face-too-small' } });
    expect(await reservations(user)).toBe(0);
    expect(await imagePreviewsUsed(user)).toBe(0);
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

  describe('own actors (a creator uploads a clip of themselves)', () => {
    it('keeps a clip of one moving face as a private actor with the consent recorded, and a lip-sync of it points to that consent', async () => {
      const user = newUser();
      const upload = await clipUpload(user, 'man', 4);
      const actor = await createActor(user, upload);
      expect(actor).toMatchObject({ name: 'Me, filmed', width: 576, consent: { subject: 'likeness', text: LIKENESS_CONSENT_TEXT } });
      expect(actor.durationSeconds).toBeCloseTo(4, 0);
      expect(actor.url).toBe(`/api/media/users/${user}/actors/${actor.id}/clip.mp4`);
      expect(await bed.storage.stat(mediaKeyOf(actor.url)!)).toMatchObject({ contentType: 'video/mp4' });
      expect(await bed.storage.stat(mediaKeyOf(actor.thumbnail)!)).toMatchObject({ contentType: 'image/jpeg' });
      // The upload became the actor's clip: it is not kept twice.
      expect(await bed.storage.stat(upload)).toBeNull();
      expect(await send(Subjects.generation.ownActorsList, { userId: user })).toEqual({ actors: [actor], limits: { minSeconds: 3, maxSeconds: 60 } });
      expect(await send(Subjects.generation.ownActorsList, { userId: newUser() })).toMatchObject({ actors: [] });
      expect(await bed.generationsCount(user)).toBe(0);

      // Prepared for the embedded lip-sync right after the upload: its landmarks are kept beside its
      // clip, found at its own size and frame rate, before any render asks for them.
      const landmarksIn = async () => (await bed.storage.list(ownActorFolder(user, actor.id))).filter(({ key }) => key.includes('.mouths-v'));
      const [prepared] = await pollUntil(async () => {
        const kept = await landmarksIn();
        return kept.length > 0 && kept;
      }, 45_000);
      const mouths = JSON.parse(await bed.storage.readText(prepared!.key));
      expect(mouths).toMatchObject({ video: { width: 576, height: actor.height, fps: 25 }, period: 100, sampleEvery: 7 });
      expect(mouths.samples).toHaveLength(15);

      const audio = await send(Subjects.generation.audioCreate, { userId: user, text: 'It is me.', voice_id: 'Friendly_Person' });
      const job = await send(Subjects.generation.lipsyncStart, { userId: user, video: actor.url, audio: audio.url });
      const [row] = await bed.generation.app.get(MikroORM).em.fork().execute<{ consent_id: string }[]>("select input->>'consentId' as consent_id from generation.job where id = ?", [job.id]);
      expect(row!.consent_id).toBe(actor.consent.id);
      // The render used them as they were: it found none of its own and wrote none.
      expect(await bed.finished(user, job.id)).toMatchObject({ status: 'succeeded' });
      expect(await landmarksIn()).toEqual([prepared]);

      // Another user cannot delete it; its owner can, and its clip goes with it.
      await expect(send(Subjects.generation.ownActorDelete, { userId: newUser(), actorId: actor.id })).rejects.toMatchObject({ code: ErrorCode.NotFound });
      expect(await send(Subjects.generation.ownActorDelete, { userId: user, actorId: actor.id })).toEqual({ deleted: true });
      expect(await bed.storage.list(ownActorFolder(user, actor.id))).toEqual([]);
      expect(await send(Subjects.generation.ownActorsList, { userId: user })).toMatchObject({ actors: [] });
    }, 120_000); // a render of the actor too

    it('refuses two faces, no face, a clip too short or too long and a missing consent, each with its message, keeping nothing and charging nothing', async () => {
      const user = newUser();
      const refusal = async (key: string, consent = true) => createActor(user, key, consent).then(() => null, (error: { code: string; message: string; details: unknown }) => error);
      expect(await refusal(await clipUpload(user, 'twoFaces', 4))).toMatchObject({
        code: ErrorCode.Validation,
        message: "More than one face found: use a video that shows only one person's face.",
        details: { field: 'clip', faceCheck: 'several-faces' },
      });
      expect(await refusal(await clipUpload(user, 'noFace', 4))).toMatchObject({ details: { field: 'clip', faceCheck: 'no-face' } });
      // A photo re-encoded as a video is no footage of anyone.
      const still = `users/${user}/uploads/${crypto.randomUUID()}.mp4`;
      await bed.storage.putFile(still, await makeFaceClip(bed.folder, { width: 640, height: 360, still: true }), 'video/mp4');
      expect(await refusal(still)).toMatchObject({ message: FaceCheckMessages['still-video']('video'), details: { field: 'clip', faceCheck: 'still-video' } });
      expect(await refusal(await clipUpload(user, 'man', 2))).toMatchObject({ message: 'This video is too short (2.0 s): use a clip of 3 seconds or more.', details: { field: 'clip' } });
      // Length is checked before faces: a plain clip of 61 s shows it.
      const long = `${bed.folder}/long.mp4`;
      await runFfmpeg(['-f', 'lavfi', '-i', 'color=c=gray:s=320x180:d=61:r=15', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-y', long]);
      const longKey = `users/${user}/uploads/${crypto.randomUUID()}.mp4`;
      await bed.storage.putFile(longKey, long, 'video/mp4');
      expect(await refusal(longKey)).toMatchObject({ message: 'This video is too long (61 s): use a clip of at most 60 seconds.', details: { field: 'clip' } });
      expect(await refusal(await clipUpload(user, 'man', 4), false)).toMatchObject({ message: OwnActorMessages.consent, details: { field: 'consent' } });
      // Every refused upload is gone, no actor was made, nothing was charged.
      expect(await bed.storage.list(`users/${user}/`)).toEqual([]);
      expect(await send(Subjects.generation.ownActorsList, { userId: user })).toMatchObject({ actors: [] });
      expect(await reservations(user)).toBe(0);
    });
  });
});
