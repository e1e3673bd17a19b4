/* eslint-disable @nx/enforce-module-boundaries -- test-only: the tests' shared polling helper */
import { MikroORM } from '@mikro-orm/postgresql';
import { ErrorCode, jobFolder, mediaKeyOf, RevisionMessages, Subjects, type VideoRevisions } from '@lipcast/contracts';
import { probeMedia, runFfmpeg } from '@lipcast/media-tools';
import { pollUntil } from '../../../../tools/lib/poll';
import { startVideosTestBed, type TestBed } from '../testing';
import type { Splice } from './revision-render';

const ACTOR_ID = 'ipfs-puppet-video-2';
const SCRIPT = 'Hello there, friends. This old sentence goes away. See you soon.';
const FIXED = 'Hello there, friends. A brand new sentence takes its place today. See you soon.';

jest.setTimeout(180_000);

/** SSIM of each frame of `a` between `aFrom`..`aTo` seconds against `b` from `bFrom`, lowest first. */
async function ssims(a: string, aFrom: number, aTo: number, b: string, bFrom: number): Promise<number[]> {
  const seconds = (aTo - aFrom).toFixed(4);
  const report = await runFfmpeg(
    [
      ...['-i', a, '-i', b],
      '-lavfi',
      `[0:v]trim=start=${aFrom.toFixed(4)}:duration=${seconds},setpts=PTS-STARTPTS[a];[1:v]trim=start=${bFrom.toFixed(4)}:duration=${seconds},setpts=PTS-STARTPTS[b];[a][b]ssim=stats_file=-`,
      ...['-f', 'null', '-'],
    ],
    { captureOutput: true },
  );
  return [...report.toString().matchAll(/All:([\d.]+)/g)].map((match) => Number(match[1])).sort((x, y) => x - y);
}

describe('fix one sentence of a finished video (issue 36, item 5): only its span made again, spliced, as a new version', () => {
  let bed: TestBed;
  const user = crypto.randomUUID();
  const list = (videoId: string) => bed.send(Subjects.generation.revisionsList, { userId: user, videoId });
  const revise = (script: string, by: { videoId?: string; jobId?: string }) => bed.send(Subjects.generation.revisionCreate, { userId: user, script, ...by });
  /** The video's fixes once the newest is over. */
  async function fixed(videoId: string): Promise<VideoRevisions> {
    for (const deadline = Date.now() + 120_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 250))) {
      const revisions = await list(videoId);
      if (['succeeded', 'failed', 'canceled'].includes(revisions.revisions.at(-1)?.status ?? '')) return revisions;
    }
    throw new Error('the fix did not finish in 120 s');
  }
  const resultOf = async (jobId: string) =>
    (await bed.generation.app.get(MikroORM).em.fork().execute<{ result: { splice: Splice } }[]>('select result from generation.job where id = ?', [jobId]))[0]!.result;

  // One free fix, then each costs a generation: the setting, lowered from 3 so that the test makes two fixes only.
  beforeAll(async () => {
    process.env.REVISION_FREE_FIXES = '1';
    bed = await startVideosTestBed(ACTOR_ID);
  }, 60_000);
  afterAll(async () => {
    delete process.env.REVISION_FREE_FIXES;
    await bed?.close();
  });

  it('makes the new version from the changed sentence alone: frames outside it unchanged, new captions, the old version kept, free then one generation', async () => {
    const created = await bed.send(Subjects.generation.videoCreate, { userId: user, actor: ACTOR_ID, script: SCRIPT, voice: 'Friendly_Person' });
    const first = await bed.videoFinished(user, created.id);
    expect(await bed.generationsCount(user)).toBe(1);
    expect((await list(created.id)).freeFixesLeft).toBe(1);

    // Refused before anything is made: no sentence changed, two changed.
    await expect(revise(SCRIPT, { videoId: created.id })).rejects.toMatchObject({ code: ErrorCode.Validation, message: RevisionMessages.unchanged });
    await expect(revise('Hello. This old sentence goes away. See you later.', { videoId: created.id })).rejects.toMatchObject({ code: ErrorCode.Validation, message: RevisionMessages.tooMany });

    const started = await revise(FIXED, { videoId: created.id });
    expect(started).toMatchObject({ revision: { version: 2, charged: false, sentence: { index: 1, before: 'This old sentence goes away.', after: 'A brand new sentence takes its place today.' } }, freeFixesLeft: 0 });
    // One fix at a time.
    await expect(revise(SCRIPT.replace('See you soon.', 'Bye.'), { videoId: created.id })).rejects.toMatchObject({ code: ErrorCode.Conflict, message: RevisionMessages.underWay });

    const afterFix = await fixed(created.id);
    expect(afterFix.revisions.at(-1)).toMatchObject({ status: 'succeeded', version: 2 });
    expect(afterFix.script).toBe(FIXED);
    expect(afterFix.versions.map(({ version, current }) => ({ version, current }))).toEqual([
      { version: 1, current: false },
      { version: 2, current: true },
    ]);
    expect(afterFix.versions[0].url).toBe(first.url);
    expect(await bed.generationsCount(user)).toBe(1); // the free fix

    // The video answers its new version: longer by the longer sentence, captions with the new words, checked again.
    const video = await bed.send(Subjects.generation.videoGet, { userId: user, videoId: created.id });
    expect(video.url).toBe(afterFix.versions[1].url);
    expect(video.durationSeconds!).toBeGreaterThan(first.durationSeconds!);
    expect(video.lipSync).toEqual(expect.objectContaining({ offsetMs: expect.any(Number), confidence: expect.any(Number) }));
    const captions = await bed.storage.readText(mediaKeyOf(video.captionsUrl!)!);
    expect(captions).toContain('brand new sentence');
    expect(captions).not.toContain('old sentence');
    expect(captions).toContain('See you soon.');

    // Outside the new sentence's span and its cross-fades the frames are the old ones (shifted after it).
    const [oldFile, newFile] = [await bed.download(first.url!, 'v1.mp4'), await bed.download(video.url!, 'v2.mp4')];
    const { splice } = await resultOf(afterFix.revisions.at(-1)!.id);
    const before = await ssims(newFile, 0, splice.spanStartSeconds, oldFile, 0);
    const afterStart = splice.spanEndSeconds;
    const newLength = (await probeMedia(newFile)).durationSeconds;
    const after = await ssims(newFile, afterStart, newLength - 0.1, oldFile, afterStart - splice.shiftSeconds);
    expect(before.length).toBeGreaterThan(10);
    expect(after.length).toBeGreaterThan(10);
    expect(before[0]).toBeGreaterThanOrEqual(0.99);
    expect(after[0]).toBeGreaterThanOrEqual(0.99);
    // Inside the span the picture is new (the mouth says other words).
    const inside = await ssims(newFile, splice.spanStartSeconds + splice.fadeSeconds, splice.spanEndSeconds - splice.fadeSeconds, oldFile, splice.spanStartSeconds + splice.fadeSeconds);
    expect(inside[0]).toBeLessThan(0.99);

    // The old version cannot be fixed any more (the new one is the video now); the second fix costs a generation.
    await expect(revise(FIXED.replace('See you soon.', 'Goodbye.'), { jobId: created.id })).rejects.toMatchObject({ code: ErrorCode.Conflict, message: RevisionMessages.notLatest });
    const paid = await revise(FIXED.replace('See you soon.', 'Goodbye for now.'), { videoId: created.id });
    expect(paid).toMatchObject({ revision: { version: 3, charged: true, sentence: { index: 2 } }, freeFixesLeft: 0 });
    expect((await fixed(created.id)).revisions.at(-1)).toMatchObject({ status: 'succeeded', version: 3 });
    // The credit is spent just after the job is marked succeeded (billing is another service).
    expect(await pollUntil(async () => (await bed.generationsCount(user)) === 2 && 2, 10_000)).toBe(2);

    // Every version stays until the video is deleted; then all of them go.
    const versions = (await list(created.id)).versions;
    expect(versions.map((each) => each.version)).toEqual([1, 2, 3]);
    for (const each of versions) expect(await bed.storage.stat(mediaKeyOf(each.url)!)).not.toBeNull();
    await bed.send(Subjects.generation.videoCancel, { userId: user, videoId: created.id });
    for (const each of versions) expect(await bed.storage.stat(mediaKeyOf(each.url)!)).toBeNull();
    expect(await bed.storage.list(jobFolder(user, started.revision.id))).toEqual([]);
  });
});
