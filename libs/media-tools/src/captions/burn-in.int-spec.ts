import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFfmpeg } from '../ffmpeg';
import { probeMedia } from '../probe';
import { burnCaptions } from './burn-in';
import { buildCues, captionLayout } from './cues';
import { CAPTION_STYLES } from './subtitle-files';

const WIDTH = 720;
const HEIGHT = 1280;

/** One frame at `seconds`, as 8-bit luma. */
async function lumaAt(path: string, seconds: number): Promise<Buffer> {
  return runFfmpeg(['-i', path, '-ss', seconds.toFixed(3), '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'], { captureOutput: true });
}

/** Pixels of rows [top, bottom) (and columns [left, right)) whose luma differs by more than 40 between two frames. */
function changedPixels(a: Buffer, b: Buffer, top: number, bottom: number, left = 0, right = WIDTH): number {
  let changed = 0;
  for (let row = top; row < bottom; row++) {
    for (let i = row * WIDTH + left; i < row * WIDTH + right; i++) if (Math.abs(a[i]! - b[i]!) > 40) changed++;
  }
  return changed;
}

describe('burned-in captions', () => {
  jest.setTimeout(120_000);
  let dir: string;
  let plain: string;
  // Words at 0.2–1.0 s, silence until 2.0 s, one more word at 2.0–2.6 s.
  const words = [
    { text: 'Hello', startMs: 200, endMs: 600 },
    { text: 'there.', startMs: 600, endMs: 1000 },
    { text: 'Goodbye.', startMs: 2000, endMs: 2600 },
  ];
  const cues = buildCues(words, { maxCharsPerLine: captionLayout(WIDTH, HEIGHT).maxCharsPerLine });
  // On this vertical frame, where captions go: above the platforms' controls over its bottom quarter
  // and its right-side buttons (issue 37, item 12), in the part of the frame just above them.
  const captionTop = Math.round(HEIGHT * 0.6);
  const safeBottom = Math.round(HEIGHT * 0.75);
  const safeRight = Math.round(WIDTH * 0.85);
  const speaking = [0.5, 2.3];
  const silent = [0.1, 1.5, 2.8];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'captions-'));
    plain = join(dir, 'plain.mp4');
    await runFfmpeg([
      ...['-f', 'lavfi', '-i', `color=c=0x406080:s=${WIDTH}x${HEIGHT}:r=25:d=3`],
      ...['-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=mono', '-t', '3'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', plain],
    ]);
  });

  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('the cues are apart: the silence between the words shows none', () => {
    expect(cues.map((cue) => [cue.startMs, cue.endMs])).toEqual([
      [200, 1000],
      [1800, 2600],
    ]);
  });

  it.each(CAPTION_STYLES)('%s: changes the caption area only while words are spoken, nothing around it (above, below in the controls, right by the buttons), and keeps the frame size and sound', async (style) => {
    const out = join(dir, `${style}.mp4`);
    await burnCaptions({ videoPath: plain, cues, style, out });

    const info = await probeMedia(out);
    expect([info.video?.width, info.video?.height]).toEqual([WIDTH, HEIGHT]);
    expect(info.audio).not.toBeNull();
    for (const seconds of speaking) {
      const [before, after] = await Promise.all([lumaAt(plain, seconds), lumaAt(out, seconds)]);
      expect(changedPixels(before, after, captionTop, safeBottom)).toBeGreaterThan(500);
      expect(changedPixels(before, after, 0, captionTop)).toBe(0);
      expect(changedPixels(before, after, safeBottom, HEIGHT)).toBe(0);
      expect(changedPixels(before, after, 0, HEIGHT, safeRight, WIDTH)).toBe(0);
    }
    for (const seconds of silent) {
      const [before, after] = await Promise.all([lumaAt(plain, seconds), lumaAt(out, seconds)]);
      expect(changedPixels(before, after, 0, HEIGHT)).toBe(0);
    }
  });

  it('bold highlights the word being said: the caption looks different for each word', async () => {
    const out = join(dir, 'bold-words.mp4');
    await burnCaptions({ videoPath: plain, cues, style: 'bold', out });
    const [first, second] = await Promise.all([lumaAt(out, 0.4), lumaAt(out, 0.8)]);
    expect(changedPixels(first, second, captionTop, HEIGHT)).toBeGreaterThan(100);
  });
});
