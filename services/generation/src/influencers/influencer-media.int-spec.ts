import { dirname, join } from 'node:path';
import { LIKENESS_CONSENT_TEXT, mediaKeyOf, Subjects, type JobState } from '@lipcast/contracts';
import { MikroORM } from '@mikro-orm/postgresql';
import { runFfmpeg } from '@lipcast/media-tools';
import { startTestBed, type TestBed } from '../testing';

jest.setTimeout(120_000);

/**
 * What a project leaves in the store: the gallery shows only its public copies (never the owner's
 * key), and withdrawal and deletion take everything with them, the mouth landmarks that lip-syncs
 * found in its picture and clips included.
 */
describe('influencer media in the gallery, and gone with the project', () => {
  let bed: TestBed;
  const send: TestBed['send'] = (subject, data) => bed.send(subject, data);
  const gallery = (userId: string | null) => send(Subjects.generation.galleryList, { userId });
  const keysUnder = async (folder: string) => (await bed.storage.list(folder)).map((object) => object.key);

  /** The consent a job's input points to (a lip-sync's face). */
  async function consentOfJob(jobId: string): Promise<string | null> {
    const [row] = await bed.generation.app.get(MikroORM).em.fork().execute<{ consent_id: string | null }[]>("select input->>'consentId' as consent_id from generation.job where id = ?", [jobId]);
    return row.consent_id;
  }

  async function lipSync(userId: string, video: string): Promise<JobState> {
    const audio = await send(Subjects.generation.audioCreate, { userId, text: 'Hello there.', voice_id: 'Calm_Woman' });
    const started = await send(Subjects.generation.lipsyncStart, { userId, video, audio: audio.url });
    return bed.finished(userId, started.id);
  }

  beforeAll(async () => {
    // What is checked here does not depend on the clip's length: a 4 s clip, not 20, renders and has its landmarks found (twice) in a fifth of the time.
    process.env.CREATOR_CLIP_SECONDS = '4';
    bed = await startTestBed();
  });
  afterAll(() => bed?.close());

  it('serves the gallery portrait from the public copy, and removes landmarks with the clips they were found in', async () => {
    const owner = crypto.randomUUID();
    const other = crypto.randomUUID();
    const photo = join(bed.folder, 'face.jpg');
    const sheet = join(dirname(require.resolve('@vladmandic/human')), '..', 'assets', 'samples.jpg');
    await runFfmpeg(['-i', sheet, '-vf', 'crop=118:128:130:0,scale=640:720', '-q:v', '3', photo]);
    const upload = `users/${owner}/uploads/face.jpg`;
    await bed.storage.putFile(upload, photo, 'image/jpeg');
    const clip = await bed.finished(owner, (await send(Subjects.generation.influencerVideoStart, { userId: owner, image: `/api/media/${upload}`, consent: true })).id);
    expect(clip.status).toBe('succeeded');
    const [made] = await send(Subjects.generation.influencersList, { userId: owner });
    const ownClip = mediaKeyOf(made.outputUrl!)!;
    const ownImage = mediaKeyOf(made.imageUrl)!;
    // The upload's likeness consent: who, the exact words, the project's picture.
    const [consent] = await bed.generation.app.get(MikroORM).em.fork().execute<{ id: string; user_id: string; subject: string; text: string; media_key: string }[]>(
      'select c.id, c.user_id, c.subject, c.text, c.media_key from generation.influencer_project p join generation.likeness_consent c on c.id = p.consent_id where p.id = ?',
      [made.id],
    );
    expect(consent).toEqual({ id: expect.any(String), user_id: owner, subject: 'likeness', text: LIKENESS_CONSENT_TEXT, media_key: ownImage });
    expect((await send(Subjects.generation.adminJobGet, { jobId: clip.id })).consents).toEqual([
      { id: consent.id, subject: 'likeness', text: LIKENESS_CONSENT_TEXT, givenAt: expect.any(String), userId: owner },
    ]);

    // The owner lip-syncs their clip and their picture: landmarks are kept beside each, and each video points to the consent.
    const ownClipVideo = await lipSync(owner, made.outputUrl!);
    expect(ownClipVideo).toMatchObject({ status: 'succeeded' });
    expect(await consentOfJob(ownClipVideo.id)).toBe(consent.id);
    expect((await send(Subjects.generation.adminJobGet, { jobId: ownClipVideo.id })).consents).toEqual([expect.objectContaining({ id: consent.id, userId: owner })]);
    const ownImageVideo = await lipSync(owner, made.imageUrl);
    expect(ownImageVideo).toMatchObject({ status: 'succeeded' });
    expect(await consentOfJob(ownImageVideo.id)).toBe(consent.id);
    expect(await bed.storage.stat(`${ownClip}.mouths-v1.json`)).not.toBeNull();
    expect(await bed.storage.stat(`${ownImage}.mouths-v1.json`)).not.toBeNull();

    // Approved: the gallery's portrait is the public copy, readable by anyone; no URL names the owner.
    await send(Subjects.generation.influencerApprove, { userId: owner, projectId: made.id, approved: true, consent: true, name: 'Test influencer' });
    const listed = (await gallery(null)).find((item) => item.id === made.id)!;
    expect(listed.imageUrl).toBe(`/api/media/community/${made.id}/image-v1.jpg`);
    expect(await bed.storage.stat(mediaKeyOf(listed.imageUrl)!)).toMatchObject({ contentType: 'image/jpeg' });
    expect(JSON.stringify(listed)).not.toContain(owner);
    expect((await send(Subjects.generation.influencerGet, { userId: owner, projectId: made.id })).imageUrl).toBe(made.imageUrl);

    // Someone else lip-syncs the public clip: its landmarks are kept in the public folder; the video points to the owner's consent.
    const publicVideo = await lipSync(other, listed.outputUrl!);
    expect(publicVideo).toMatchObject({ status: 'succeeded' });
    expect(await consentOfJob(publicVideo.id)).toBe(consent.id);
    expect(await keysUnder(`community/${made.id}/`)).toContain(`community/${made.id}/video-v1.mp4.mouths-v1.json`);

    // Withdrawn: the public folder is empty, landmarks and portrait included.
    await send(Subjects.generation.influencerApprove, { userId: owner, projectId: made.id, approved: false });
    expect(await keysUnder(`community/${made.id}/`)).toEqual([]);
    expect(await bed.storage.stat(`${ownClip}.mouths-v1.json`)).not.toBeNull(); // the owner's clip is still there

    // Approved again and lip-synced again, then deleted: no landmarks remain, own or public.
    await send(Subjects.generation.influencerApprove, { userId: owner, projectId: made.id, approved: true, consent: true, name: 'Test influencer' });
    expect(await keysUnder(`community/${made.id}/`)).toContain(`community/${made.id}/image-v1.jpg`);
    expect(await lipSync(other, listed.outputUrl!)).toMatchObject({ status: 'succeeded' });
    await send(Subjects.generation.influencerDelete, { userId: owner, projectId: made.id });
    expect(await keysUnder(`community/${made.id}/`)).toEqual([]);
    expect(await keysUnder(`users/${owner}/influencers/${made.id}/`)).toEqual([]);
    expect((await keysUnder(`users/${owner}/`)).filter((key) => key.endsWith('.mouths-v1.json'))).toEqual([]);
  });
});
