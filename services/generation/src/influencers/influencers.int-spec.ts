import { dirname, join } from 'node:path';
import {
  AI_GENERATED_LABEL, ErrorCode, IN_REVIEW_REASON, LIKENESS_CONSENT_TEXT, mediaKeyOf, PHOTO_CONSENT_MESSAGE, Subjects, type InfluencerProject, type JobState,
} from '@lipcast/contracts';
import { MikroORM } from '@mikro-orm/postgresql';
import { Migration20261125000000 } from '../migrations/Migration20261125000000';
import { probeMedia, runFfmpeg } from '@lipcast/media-tools';
import { OpsRegistry } from '@lipcast/nest-kit';
import { startTestBed, type TestBed } from '../testing';
// eslint-disable-next-line @nx/enforce-module-boundaries -- test-only helper
import { sameUtcDayFor } from '../../../../tools/lib/poll';
import { InfluencersService } from './influencers.service';

jest.setTimeout(60_000);

describe('influencer projects: portraits, clips, approval, gallery', () => {
  let bed: TestBed;
  const send: TestBed['send'] = (subject, data) => bed.send(subject, data);
  const finished = (userId: string, jobId: string) => bed.finished(userId, jobId);
  const newUser = () => crypto.randomUUID();
  const makeImage = (userId: string, prompt: string) => send(Subjects.generation.influencerImageCreate, { userId, prompt, size: '640x720' });
  const project = (userId: string, projectId: number) => send(Subjects.generation.influencerGet, { userId, projectId });
  const gallery = (userId: string | null) => send(Subjects.generation.galleryList, { userId });

  /** A portrait with its clip (CREATOR_CLIP_SECONDS long), as the Creator makes them. */
  async function influencerWithClip(userId: string, prompt: string): Promise<InfluencerProject> {
    const image = await makeImage(userId, prompt);
    const started = await send(Subjects.generation.influencerVideoStart, { userId, image: image.url, prompt: 'person speaking to camera', projectId: image.id });
    expect(await finished(userId, started.id)).toMatchObject({ status: 'succeeded', url: `/api/media/users/${userId}/jobs/${started.id}/clip.mp4` });
    return project(userId, image.id);
  }

  async function lipSync(userId: string, video: string): Promise<JobState> {
    const audio = await send(Subjects.generation.audioCreate, { userId, text: 'Hello, I am a community influencer.', voice_id: 'Calm_Woman' });
    const started = await send(Subjects.generation.lipsyncStart, { userId, video, audio: audio.url });
    return finished(userId, started.id);
  }

  // What is checked here does not depend on the clip's length: a 4 s Creator clip, not the default 20,
  // renders (and has its landmarks found) in a fifth of the time. The clip's length follows the setting.
  const CLIP_SECONDS = 4;
  beforeAll(async () => {
    process.env.CREATOR_CLIP_SECONDS = String(CLIP_SECONDS);
    bed = await startTestBed();
  });
  afterAll(async () => {
    delete process.env.CREATOR_CLIP_SECONDS;
    await bed?.close();
  });

  it('draws a 640x720 portrait from a prompt, labelled an illustration, and checks the prompt', async () => {
    const user = newUser();
    await expect(makeImage(user, 'abc')).rejects.toMatchObject({ code: ErrorCode.Validation, message: 'Prompt must be at least 5 characters.' });
    await expect(send(Subjects.generation.influencerImageCreate, { userId: user, prompt: 'a friendly baker', size: '1024x1024' })).rejects.toMatchObject({ message: 'size must be 640x720' });
    const image = await makeImage(user, 'a friendly baker with curly red hair in a kitchen');
    expect(image.url).toBe(`/api/media/users/${user}/influencers/${image.id}/image.jpg`);
    // The offline engine says what it drew of the description and what it could not (issue 16).
    expect(image.coverage).toEqual({ drawn: ['friendly', 'curly', 'red hair'], notDrawn: ['baker', 'kitchen'] });
    const path = join(bed.folder, 'portrait.jpg');
    await bed.storage.download(mediaKeyOf(image.url)!, path);
    expect((await probeMedia(path)).video).toMatchObject({ width: 640, height: 720 });
    expect(await send(Subjects.generation.influencersList, { userId: user })).toEqual([
      expect.objectContaining({ id: image.id, imageUrl: image.url, imageKind: 'illustration', outputUrl: null, thumbnailUrl: null, isApproved: false, isOwner: true }),
    ]);
    // The portrait costs nothing.
    expect(await bed.generationsCount(user)).toBe(0);
  });

  it('makes the clip of CREATOR_CLIP_SECONDS (20 s by default, 4 here) with its measured length and a thumbnail, as a free image preview (no generation), never twice', async () => {
    await sameUtcDayFor(60); // its image previews are counted within one UTC day
    const user = newUser();
    const made = await influencerWithClip(user, 'a calm yoga teacher outdoors');
    expect(made.duration).toBeGreaterThan(CLIP_SECONDS - 0.5);
    expect(made.duration).toBeLessThan(CLIP_SECONDS + 0.5);
    expect(made.thumbnailUrl).toBe(made.outputUrl!.replace(/clip\.mp4$/, 'thumbnail.jpg'));
    const clip = join(bed.folder, 'clip.mp4');
    await bed.storage.download(mediaKeyOf(made.outputUrl!)!, clip);
    expect((await probeMedia(clip)).video).toMatchObject({ codec: 'h264', width: 640, height: 720 });
    const again = await send(Subjects.generation.influencerVideoStart, { userId: user, image: made.imageUrl, projectId: made.id });
    expect(again.status).toBe('succeeded');
    // The portrait and its clip took one image preview each (asking again rejoins the clip: none), and no generation.
    expect(await bed.generationsCount(user)).toBe(0);
    const { dailyQuotas } = await bed.billing.client.send(Subjects.billing.accountGet, { userId: user });
    expect(dailyQuotas).toContainEqual(expect.objectContaining({ kind: 'image', used: 2 }));
    // A drawn portrait is no face the creator brought: its clip shows no consent to operators.
    expect(await send(Subjects.generation.adminJobGet, { jobId: again.id })).not.toHaveProperty('consents');
  });

  it('shows approved influencers in the gallery for everyone; only the owner approves, withdraws or deletes', async () => {
    const owner = newUser();
    const other = newUser();
    const made = await influencerWithClip(owner, 'an energetic fitness coach in a studio');
    await expect(send(Subjects.generation.influencerApprove, { userId: other, projectId: made.id, approved: true, consent: true, name: 'Test influencer' })).rejects.toMatchObject({ code: ErrorCode.NotFound });
    expect((await gallery(null)).some((item) => item.id === made.id)).toBe(false);

    await send(Subjects.generation.influencerApprove, { userId: owner, projectId: made.id, approved: true, consent: true, name: 'Test influencer' });
    const listed = (await gallery(other)).find((item) => item.id === made.id);
    expect(listed).toMatchObject({ isApproved: true, isOwner: false, outputUrl: `/api/media/community/${made.id}/video-v1.mp4`, thumbnailUrl: `/api/media/community/${made.id}/thumbnail-v1.jpg`, format: 'portrait-card' });
    expect(listed!.duration).toBeGreaterThan(CLIP_SECONDS - 0.5);
    expect((await gallery(owner)).find((item) => item.id === made.id)?.isOwner).toBe(true);

    // Anyone may lip-sync an approved community influencer: the engine draws the portrait speaking.
    expect(await lipSync(other, listed!.outputUrl!)).toMatchObject({ status: 'succeeded' });

    await expect(send(Subjects.generation.influencerDelete, { userId: other, projectId: made.id })).rejects.toMatchObject({ code: ErrorCode.NotFound });
    await send(Subjects.generation.influencerApprove, { userId: owner, projectId: made.id, approved: false });
    expect((await gallery(null)).some((item) => item.id === made.id)).toBe(false);
    expect(await bed.storage.stat(`community/${made.id}/video-v1.mp4`)).toBeNull();
    await expect(lipSync(other, listed!.outputUrl!)).rejects.toMatchObject({ code: ErrorCode.Validation });

    await send(Subjects.generation.influencerDelete, { userId: owner, projectId: made.id });
    await expect(project(owner, made.id)).rejects.toMatchObject({ code: ErrorCode.NotFound });
    expect(await bed.storage.stat(mediaKeyOf(made.outputUrl!)!)).toBeNull();
    expect(await bed.storage.stat(mediaKeyOf(made.imageUrl)!)).toBeNull();
  });

  it('keeps a new influencer private until its owner publishes it with consent and a name; unpublishing withdraws it at once', async () => {
    const owner = newUser();
    const made = await influencerWithClip(owner, 'a thoughtful librarian among bookshelves');
    expect(made).toMatchObject({ isApproved: false, name: null });
    expect((await gallery(null)).some((item) => item.id === made.id)).toBe(false);
    expect(await bed.storage.stat(`community/${made.id}/video-v1.mp4`)).toBeNull();

    const publish = (extra: object) => send(Subjects.generation.influencerApprove, { userId: owner, projectId: made.id, approved: true, ...extra });
    await expect(publish({ name: 'Librarian Lou' })).rejects.toMatchObject({ code: ErrorCode.Validation, message: 'Publishing needs your consent: tick the box to confirm.' });
    await expect(publish({ consent: false, name: 'Librarian Lou' })).rejects.toMatchObject({ code: ErrorCode.Validation });
    await expect(publish({ consent: true, name: '   ' })).rejects.toMatchObject({ code: ErrorCode.Validation, message: 'Give your influencer a name to publish it.' });
    await expect(publish({ consent: true, name: 'x'.repeat(61) })).rejects.toMatchObject({ code: ErrorCode.Validation });
    expect((await gallery(null)).some((item) => item.id === made.id)).toBe(false);

    expect(await publish({ consent: true, name: '  Librarian Lou ' })).toMatchObject({ isApproved: true, name: 'Librarian Lou' });
    expect((await gallery(null)).find((item) => item.id === made.id)).toMatchObject({ name: 'Librarian Lou', isOwner: false });
    const [row] = await bed.generation.app.get(MikroORM).em.fork().execute<{ consented: boolean }[]>('select consented_at is not null as consented from generation.influencer_project where id = ?', [made.id]);
    expect(row.consented).toBe(true);

    await send(Subjects.generation.influencerApprove, { userId: owner, projectId: made.id, approved: false });
    expect((await gallery(null)).some((item) => item.id === made.id)).toBe(false);
    expect(await bed.storage.list(`community/${made.id}/`)).toEqual([]);
  });

  it('the consent migration makes every influencer private, and the public copies left behind are removed', async () => {
    const owner = newUser();
    const made = await influencerWithClip(owner, 'a retired pilot in a hangar');
    const orm = bed.generation.app.get(MikroORM);
    // As before the migration: approved without any consent, its public copies in the store.
    await orm.em.fork().execute('update generation.influencer_project set approved = true, name = null, consented_at = null where id = ?', [made.id]);
    await bed.storage.put(`community/${made.id}/video-v1.mp4`, Buffer.from('old copy'), 'video/mp4');
    await bed.storage.put(`community/${made.id}/thumbnail-v1.jpg`, Buffer.from('old copy'), 'image/jpeg');
    expect((await gallery(null)).some((item) => item.id === made.id)).toBe(true);

    const migration = new Migration20261125000000(orm.em.getDriver(), orm.config);
    migration.up();
    const privatising = migration.getQueries().map(String).filter((sql) => sql.startsWith('update'));
    expect(privatising).toHaveLength(1);
    for (const sql of privatising) await orm.em.fork().execute(sql);
    expect((await gallery(null)).some((item) => item.id === made.id)).toBe(false);
    expect(await project(owner, made.id)).toMatchObject({ isApproved: false });

    // What the service does when it starts: the copies of projects no longer published go.
    expect(await bed.generation.app.get(InfluencersService).withdrawUnpublished()).toContain(made.id);
    expect(await bed.storage.list(`community/${made.id}/`)).toEqual([]);
    // The owner can publish again.
    await send(Subjects.generation.influencerApprove, { userId: owner, projectId: made.id, approved: true, consent: true, name: 'Captain Ray' });
    expect((await gallery(null)).find((item) => item.id === made.id)).toMatchObject({ name: 'Captain Ray' });
    expect(await bed.generation.app.get(InfluencersService).withdrawUnpublished()).not.toContain(made.id);
    expect(await bed.storage.stat(`community/${made.id}/video-v1.mp4`)).not.toBeNull();
  });

  it('weighs reports (established 1, new or signed out 1/3): at GALLERY_REPORTS_TO_HIDE the item goes in review, which publishing, the gallery, the API and clip reuse obey until an operator decides', async () => {
    const owner = newUser();
    const made = await influencerWithClip(owner, 'a street magician with a top hat');
    const report = (reporter: string, established: boolean, extra: object = {}) => send(Subjects.generation.galleryReport, { projectId: made.id, reporter, reason: 'likeness', established, ...extra });
    const decide = (decision: 'restore' | 'remove', reason: string) => send(Subjects.generation.adminGalleryDecide, { influencerId: made.id, decision, reason });
    const publish = () => send(Subjects.generation.influencerApprove, { userId: owner, projectId: made.id, approved: true, consent: true, name: 'Magic Max' });
    const videoOf = (userId: string) => send(Subjects.generation.videoCreate, { userId, influencer: made.id, script: 'Hello there.', voice: 'Friendly_Person' });
    const listed = async () => ((await bed.generation.app.get(OpsRegistry).sectionValues()).reportedInfluencers as { projectId: number }[]).find((item) => item.projectId === made.id);
    // Only published items can be reported.
    await expect(report('address:one', false)).rejects.toMatchObject({ code: ErrorCode.NotFound });
    await publish();
    await expect(report('address:one', false, { reason: 'boring' })).rejects.toMatchObject({ code: ErrorCode.Validation, message: 'Please choose a reason.' });

    // The default is 3: two established reporters (one of them twice) and two new ones weigh 2 2/3.
    expect(await report('established-1', true, { contact: 'me@example.com' })).toEqual({ reported: true });
    expect(await report('established-1', true)).toEqual({ reported: true });
    expect(await report('established-2', true, { reason: 'offensive' })).toEqual({ reported: true });
    expect(await report('address:one', false)).toEqual({ reported: true });
    expect(await report(newUser(), false)).toEqual({ reported: true });
    expect((await gallery(null)).some((item) => item.id === made.id)).toBe(true);
    expect(await bed.storage.stat(`community/${made.id}/video-v1.mp4`)).not.toBeNull();
    expect(await report(newUser(), false, { reason: 'other' })).toEqual({ reported: true });

    // In review: out of the gallery, its public copies withdrawn (the owner keeps their own), not reportable, not publishable, not usable by others.
    expect((await gallery(null)).some((item) => item.id === made.id)).toBe(false);
    expect(await bed.storage.list(`community/${made.id}/`)).toEqual([]);
    expect(await bed.storage.stat(made.outputUrl!.replace('/api/media/', ''))).not.toBeNull();
    await expect(report(newUser(), true)).rejects.toMatchObject({ code: ErrorCode.NotFound });
    expect(await project(owner, made.id)).toMatchObject({ isApproved: false, moderation: { state: 'in_review', reason: IN_REVIEW_REASON, appealed: false } });
    await expect(publish()).rejects.toMatchObject({ code: ErrorCode.Conflict });
    await expect(videoOf(newUser())).rejects.toMatchObject({ message: 'influencer must be one of your influencers with a clip, or a published one' });
    expect(await listed()).toMatchObject({ ownerId: owner, name: 'Magic Max', published: true, state: 'in_review', reports: 5, weightThirds: 9, reasons: ['likeness', 'offensive', 'likeness', 'likeness', 'other'], contacts: ['me@example.com'] });

    // Removed: the owner cannot use it either, not even by its own clip.
    expect(await decide('remove', 'Uses a likeness without consent.')).toEqual({ influencerId: String(made.id), state: 'removed' });
    await expect(videoOf(owner)).rejects.toMatchObject({ code: ErrorCode.Validation, message: 'influencer was removed by an operator and cannot be used in new videos' });
    await expect(send(Subjects.generation.lipsyncStart, { userId: owner, video: made.outputUrl!, audio: made.outputUrl! })).rejects.toMatchObject({ message: 'video was removed by an operator and cannot be used in new videos' });
    await expect(publish()).rejects.toMatchObject({ code: ErrorCode.Conflict, message: 'This influencer was removed by an operator: Uses a likeness without consent.' });
    // The start-up sweep leaves nothing public of it.
    expect(await bed.generation.app.get(InfluencersService).withdrawUnpublished()).not.toContain(made.id);

    // Restored: back in the gallery at once, published as its owner left it.
    expect(await decide('restore', 'Consent shown.')).toEqual({ influencerId: String(made.id), state: 'visible' });
    expect((await gallery(null)).find((item) => item.id === made.id)).toMatchObject({ name: 'Magic Max', isApproved: true });
    expect(await bed.storage.stat(`community/${made.id}/video-v1.mp4`)).not.toBeNull();
    expect(await listed()).toMatchObject({ state: 'visible', stateReason: 'Consent shown.', weightThirds: 0 });

    // Its reports go with the project.
    await send(Subjects.generation.influencerDelete, { userId: owner, projectId: made.id });
    expect(await listed()).toBeUndefined();
  });

  it('approval before the clip exists publishes it when the clip is made (the One Shot order)', async () => {
    const user = newUser();
    const image = await makeImage(user, 'a cheerful travel vlogger on a beach');
    await send(Subjects.generation.influencerApprove, { userId: user, projectId: image.id, approved: true, consent: true, name: 'Test influencer' });
    expect((await gallery(null)).some((item) => item.id === image.id)).toBe(false);
    const started = await send(Subjects.generation.influencerVideoStart, { userId: user, image: image.url, projectId: image.id });
    await finished(user, started.id);
    expect((await gallery(null)).find((item) => item.id === image.id)).toMatchObject({ outputUrl: `/api/media/community/${image.id}/video-v1.mp4` });
  });

  it("animates the user's own photo and lip-syncs the real face in it (landmarks found once, then kept)", async () => {
    const user = newUser();
    const photo = join(bed.folder, 'photo.jpg');
    await cropSamplePhoto(photo);
    const uploadKey = `users/${user}/uploads/photo.jpg`;
    await bed.storage.putFile(uploadKey, photo, 'image/jpeg');
    // Without the creator's consent for the face in it, an upload starts nothing: no project, no consent, nothing charged.
    for (const consent of [undefined, false]) {
      await expect(send(Subjects.generation.influencerVideoStart, { userId: user, image: `/api/media/${uploadKey}`, prompt: 'smiling', consent })).rejects.toMatchObject({
        code: ErrorCode.Validation,
        message: PHOTO_CONSENT_MESSAGE,
        details: { field: 'consent' },
      });
    }
    expect(await send(Subjects.generation.influencersList, { userId: user })).toEqual([]);
    expect(await bed.generationsCount(user)).toBe(0);
    const orm = bed.generation.app.get(MikroORM);
    expect(await orm.em.fork().execute('select 1 from generation.likeness_consent where user_id = ?', [user])).toEqual([]);

    const started = await send(Subjects.generation.influencerVideoStart, { userId: user, image: `/api/media/${uploadKey}`, prompt: 'smiling', consent: true });
    const clip = await finished(user, started.id);
    expect(clip.status).toBe('succeeded');
    const [made] = await send(Subjects.generation.influencersList, { userId: user });
    expect(made).toMatchObject({ imageKind: 'upload', outputUrl: clip.url });
    // The clip of an uploaded face says in its file that it is AI-generated.
    expect((await probeMedia(await bed.download(clip.url!, 'uploaded-face-clip.mp4'))).comment).toBe(AI_GENERATED_LABEL);
    const [consent] = await orm.em.fork().execute<{ id: string; user_id: string; text: string; media_key: string }[]>(
      'select c.id, c.user_id, c.text, c.media_key from generation.influencer_project p join generation.likeness_consent c on c.id = p.consent_id where p.id = ?',
      [made.id],
    );
    expect(consent).toEqual({ id: expect.any(String), user_id: user, text: LIKENESS_CONSENT_TEXT, media_key: mediaKeyOf(made.imageUrl) });
    expect((await send(Subjects.generation.adminJobGet, { jobId: started.id })).consents).toEqual([
      { id: consent.id, subject: 'likeness', text: LIKENESS_CONSENT_TEXT, givenAt: expect.any(String), userId: user },
    ]);

    const spoken = await lipSync(user, clip.url!);
    expect(spoken).toMatchObject({ status: 'succeeded' });
    expect(await bed.storage.stat(`${mediaKeyOf(clip.url!)}.mouths-v1.json`)).not.toBeNull();
    const video = join(bed.folder, 'photo-lipsync.mp4');
    await bed.storage.download(mediaKeyOf(spoken.url!)!, video);
    expect((await probeMedia(video)).video).toMatchObject({ codec: 'h264', width: 640, height: 720 });
    // The lip-sync points to the picture's consent, and operators read it there.
    const [input] = await orm.em.fork().execute<{ consent_id: string }[]>("select input->>'consentId' as consent_id from generation.job where id = ?", [spoken.id]);
    expect(input.consent_id).toBe(consent.id);
    expect((await send(Subjects.generation.adminJobGet, { jobId: spoken.id })).consents).toEqual([expect.objectContaining({ id: consent.id, text: LIKENESS_CONSENT_TEXT, userId: user })]);
    // A clip of an upload made before consents were recorded says so.
    await orm.em.fork().execute('update generation.influencer_project set consent_id = null where id = ?', [made.id]);
    expect((await send(Subjects.generation.adminJobGet, { jobId: started.id })).consents).toEqual([]);

    await expect(send(Subjects.generation.influencerVideoStart, { userId: newUser(), image: `/api/media/${uploadKey}`, consent: true })).rejects.toMatchObject({ code: ErrorCode.Validation });
    await expect(send(Subjects.generation.influencerVideoStart, { userId: user, image: made.imageUrl, projectId: 999_999 })).rejects.toMatchObject({ code: ErrorCode.NotFound });
  });
});

/** A real face: the second portrait of the sample sheet that ships with the face-landmark package. */
async function cropSamplePhoto(out: string): Promise<void> {
  const sheet = join(dirname(require.resolve('@vladmandic/human')), '..', 'assets', 'samples.jpg');
  await runFfmpeg(['-i', sheet, '-vf', 'crop=118:128:130:0,scale=640:720', '-q:v', '3', out]);
}
