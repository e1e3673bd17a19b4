import { ProviderError } from './provider-error';
import { checkDuration, checkInputSize, MediaLimitMessages, readInputReport } from './media-limits';

/** The first lines of `ffmpeg -max_pixels 16000000 -i <file>` for each case, as ffmpeg writes them. */
const REPORTS = {
  clip: `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'clip.mp4':
  Duration: 00:00:12.48, start: 0.000000, bitrate: 412 kb/s
    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p, 640x720, 280 kb/s, 25 fps, 25 tbr, 12800 tbn, 50 tbc (default)`,
  png: `Input #0, png_pipe, from 'small.png':
  Duration: N/A, bitrate: N/A
    Stream #0:0: Video: png, rgb24(pc), 320x240 [SAR 1:1 DAR 4:3], 25 tbr, 25 tbn, 25 tbc`,
  hugeJpeg: `[mjpeg @ 0x3345b700] [IMGUTILS @ 0x7ffdd17371e0] Picture size 5000x4000 exceeds specified max pixel count 16000000, see the documentation if you wish to increase it
[image2 @ 0x33459bc0] decoding for stream 0 failed
Input #0, image2, from 'big.jpg':
  Duration: 00:00:00.04, start: 0.000000, bitrate: 23519 kb/s
    Stream #0:0: Video: mjpeg (Baseline), none(bt470bg/unknown/unknown), 25 tbr, 25 tbn, 25 tbc`,
  invalid: `[IMGUTILS @ 0x7ffe1da4ac70] Picture size 40000x40000 is invalid
[png @ 0x26c72700] Invalid image size
Input #0, png_pipe, from 'decl.png':
  Duration: N/A, bitrate: N/A
    Stream #0:0: Video: png, none(pc), 25 tbr, 25 tbn, 25 tbc`,
  empty: `[IMGUTILS @ 0x7ffe1da4ac70] Picture size 0x0 is invalid
Input #0, png_pipe, from 'empty.png':
    Stream #0:0: Video: png, none(pc), 25 tbr, 25 tbn, 25 tbc`,
  text: 'notes.txt: Invalid data found when processing input',
  audioOnly: `Input #0, mp3, from 'a.mp3':
  Duration: 00:00:03.12, start: 0.025057, bitrate: 128 kb/s
    Stream #0:0: Audio: mp3, 24000 Hz, mono, fltp, 128 kb/s`,
};

const refusal = (check: () => void): ProviderError => {
  try {
    check();
  } catch (error) {
    if (error instanceof ProviderError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('media limits', () => {
  it("reads the picture size and length from ffmpeg's report, never the 0x… of a codec tag", () => {
    expect(readInputReport(REPORTS.clip)).toEqual({ width: 640, height: 720, durationSeconds: 12.48 });
    expect(readInputReport(REPORTS.png)).toEqual({ width: 320, height: 240, durationSeconds: 0 });
    expect(readInputReport(REPORTS.hugeJpeg)).toEqual({ tooManyPixels: true, width: 5000, height: 4000 });
    expect(readInputReport(REPORTS.invalid)).toEqual({ tooManyPixels: true, width: 40_000, height: 40_000 });
    expect(readInputReport(REPORTS.empty)).toBeNull();
    expect(readInputReport(REPORTS.text)).toBeNull();
    expect(readInputReport(REPORTS.audioOnly)).toBeNull();
  });

  it('refuses more than 4096 pixels on a side, more than 16 megapixels or more than 10 minutes, for good (not retried)', () => {
    expect(() => checkInputSize({ width: 4096, height: 3000, durationSeconds: 600 })).not.toThrow();
    const wide = refusal(() => checkInputSize({ width: 8000, height: 100, durationSeconds: 0 }));
    expect(wide).toMatchObject({ kind: 'invalid-input', retryable: false, message: MediaLimitMessages.tooLarge(8000, 100) });
    expect(wide.message).toBe('This picture or video is too large (8000x100 pixels). Please use one of at most 4096 pixels on a side and 16 megapixels.');
    expect(refusal(() => checkInputSize({ width: 4096, height: 4096, durationSeconds: 0 })).message).toBe(MediaLimitMessages.tooLarge(4096, 4096));
    expect(refusal(() => checkInputSize({ width: 640, height: 720, durationSeconds: 601 })).message).toBe('This media is too long (601 s). Please use at most 10 minutes.');
    expect(refusal(() => checkDuration(3600)).retryable).toBe(false);
  });
});
