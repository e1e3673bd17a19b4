import { readFile } from 'node:fs/promises';
import { ErrorCode, jobOutputKey, mediaUrl, Subjects, VIDEO_FORMAT_MESSAGE, type VideoFormatId, type VideoSpec } from '@lipcast/contracts';
import { probeMedia } from '@lipcast/media-tools';
import { MikroORM } from '@mikro-orm/postgresql';
import { seedActorClip, startTestBed, type TestBed } from '../testing';

const ACTOR_ID = 'ipfs-puppet-video-2';
const BODY: VideoSpec = { actor: ACTOR_ID, script: 'Hello in a vertical video.', voice: 'Friendly_Person' };

jest.setTimeout(180_000);

/** A lossy WebP's size from its VP8 frame header (ffmpeg reports a still without a duration, which `probeMedia` refuses). */
function webpSize(file: Buffer): { width: number; height: number } {
  expect([file.toString('ascii', 0, 4), file.toString('ascii', 8, 16)]).toEqual(['RIFF', 'WEBPVP8 ']);
  expect(file.subarray(23, 26)).toEqual(Buffer.from([0x9d, 0x01, 0x2a])); // the key frame's start code
  return { width: file.readUInt16LE(26) & 0x3fff, height: file.readUInt16LE(28) & 0x3fff };
}

/** The settings string x264 writes into the stream it encodes ("x264 - core … options: …"): each encode writes its own. */
function x264Settings(file: Buffer): string {
  const start = file.indexOf('x264 - core');
  expect(start).toBeGreaterThanOrEqual(0);
  return file.toString('latin1', start, file.indexOf(0, start));
}

describe('video formats through the generation service: the job makes its size, the records keep it', () => {
  let bed: TestBed;
  const create = (userId: string, body: VideoSpec) => bed.send(Subjects.generation.videoCreate, { userId, ...body });
  const finished = (userId: string, videoId: string) => bed.videoFinished(userId, videoId, 150_000);

  beforeAll(async () => (bed = await startTestBed((storage, folder) => seedActorClip(storage, ACTOR_ID, folder).then(() => undefined))), 60_000);
  afterAll(() => bed?.close());

  // One 9:16 1080p render serves the format's checks and the captions' (a second one, without captions, proved nothing more).
  it('draws a built-in actor at 1080x1920 for a 9:16 1080p video, answers and keeps its format, and burns its bold captions in the render’s own encode, not in a second pass', async () => {
    const user = crypto.randomUUID();
    const created = await create(user, { ...BODY, format: '9x16-1080p', captions: 'bold' });
    expect(created.format).toBe('9x16-1080p');
    const done = await finished(user, created.id);
    expect(done).toMatchObject({ status: 'succeeded', format: '9x16-1080p', captionsUrl: expect.stringMatching(/captions\.vtt$/) });
    const file = await bed.download(done.url!, 'vertical-captioned.mp4');
    expect((await probeMedia(file)).video).toMatchObject({ codec: 'h264', width: 1080, height: 1920 });
    const rows = await bed.generation.app.get(MikroORM).em.fork().execute('select format from generation.video where id = ?', [created.id]);
    expect(rows).toEqual([{ format: '9x16-1080p' }]);
    // The kept video is the drawing's encode (-tune animation: deblock 1:1); a burn-in pass after it
    // re-encodes without that tune (deblock 0:0) and its settings would replace these.
    expect(x264Settings(await readFile(file))).toContain('deblock=1:1:1');

    // Its poster: its own first frame at its format's size, beside the mp4 in the job's folder (a video's id is its first job's).
    const job = await bed.send(Subjects.generation.jobGet, { userId: user, jobId: created.id });
    expect(job.posterUrl).toBe(mediaUrl(jobOutputKey(user, created.id, 'poster.webp')));
    expect(webpSize(await readFile(await bed.download(job.posterUrl!, 'vertical-poster.webp')))).toEqual({ width: 1080, height: 1920 });
  });

  it('makes the portrait card when no format is named, and refuses an unknown format before anything is reserved', async () => {
    const user = crypto.randomUUID();
    const created = await create(user, BODY);
    expect(created.format).toBe('portrait-card');
    const done = await finished(user, created.id);
    expect((await probeMedia(await bed.download(done.url!, 'card.mp4'))).video).toMatchObject({ width: 640, height: 720 });
    await expect(create(user, { ...BODY, format: '4x3-480p' as VideoFormatId })).rejects.toMatchObject({ code: ErrorCode.Validation, message: VIDEO_FORMAT_MESSAGE });
    expect(await bed.generationsCount(user)).toBe(1);
  });
});
