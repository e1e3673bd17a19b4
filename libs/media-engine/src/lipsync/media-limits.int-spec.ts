import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkMediaInput, MediaLimitMessages, pngHeaderDeclaring, ProviderError, runFfmpeg, stillToClip } from '@lipcast/media-tools';
import { renderPhotoTalkingClip } from './photo-lipsync';

jest.setTimeout(60_000);

async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(() => undefined, (reason: unknown) => reason);
  if (!(error instanceof ProviderError)) throw new Error(`expected a ProviderError, got ${String(error)}`);
  return error;
}

/** A PNG whose header declares `width` x `height` (the pixels are never there: nothing may decode them). */
const pngDeclaring = (width: number, height: number) => Buffer.concat([pngHeaderDeclaring(width, height), Buffer.alloc(64)]);

describe('media limits on real files (ffmpeg reads only the headers)', () => {
  let folder: string;
  const path = (name: string) => join(folder, name);
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'media-limits-'));
    await runFfmpeg(['-f', 'lavfi', '-i', 'color=c=0x88aacc:s=5000x4000', '-frames:v', '1', path('huge.jpg')]);
    await runFfmpeg(['-f', 'lavfi', '-i', 'color=c=0x88aacc:s=6000x200', '-frames:v', '1', path('wide.png')]);
    await runFfmpeg(['-f', 'lavfi', '-i', 'color=c=0x88aacc:s=64x64:r=1:d=660', '-c:v', 'libx264', '-preset', 'ultrafast', path('long.mp4')]);
    await runFfmpeg(['-f', 'lavfi', '-i', 'color=c=0x88aacc:s=640x720', '-frames:v', '1', path('fine.jpg')]);
    await writeFile(path('declared.png'), pngDeclaring(40_000, 40_000));
    await writeFile(path('notes.txt'), 'not a picture');
    await writeFile(path('list.jpg'), `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n${path('notes.txt')}\n#EXT-X-ENDLIST\n`);
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('passes a picture within the limits and tells its size', async () => {
    expect(await checkMediaInput(path('fine.jpg'))).toMatchObject({ width: 640, height: 720 });
  });

  it('refuses too many pixels, too wide, too long and unreadable inputs with the user message', async () => {
    expect(await providerError(checkMediaInput(path('huge.jpg')))).toMatchObject({ kind: 'invalid-input', retryable: false, message: MediaLimitMessages.tooLarge(5000, 4000) });
    expect((await providerError(checkMediaInput(path('declared.png')))).message).toBe(MediaLimitMessages.tooLarge(40_000, 40_000));
    expect((await providerError(checkMediaInput(path('wide.png')))).message).toBe(MediaLimitMessages.tooLarge(6000, 200));
    expect((await providerError(checkMediaInput(path('long.mp4')))).message).toBe(MediaLimitMessages.tooLong(660));
    expect((await providerError(checkMediaInput(path('notes.txt')))).message).toBe(MediaLimitMessages.unreadable);
    expect((await providerError(checkMediaInput(path('list.jpg')))).message).toBe(MediaLimitMessages.unreadable);
  });

  it('the engine refuses an oversized picture before animating or lip-syncing it', async () => {
    const clip = { width: 640, height: 720, fps: 25, durationSeconds: 4, out: path('clip.mp4') };
    expect((await providerError(stillToClip({ ...clip, image: path('huge.jpg') }))).message).toBe(MediaLimitMessages.tooLarge(5000, 4000));
    expect((await providerError(stillToClip({ ...clip, image: path('fine.jpg'), durationSeconds: 3600 }))).message).toBe(MediaLimitMessages.tooLong(3600));
    const track = Array.from({ length: 25 }, () => ({ open: 0.5, width: 0.5 }));
    const audio = path('silence.wav');
    await runFfmpeg(['-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '1', audio]);
    expect((await providerError(renderPhotoTalkingClip(path('declared.png'), track, audio, path('talk.mp4'), { isImage: true }))).message).toBe(MediaLimitMessages.tooLarge(40_000, 40_000));
    expect((await providerError(renderPhotoTalkingClip(path('long.mp4'), track, audio, path('talk.mp4'), { isImage: false }))).message).toBe(MediaLimitMessages.tooLong(660));
  });
});
