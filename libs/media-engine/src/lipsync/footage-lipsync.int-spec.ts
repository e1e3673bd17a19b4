import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probeMedia, runFfmpeg } from '@lipcast/media-tools';
import { makeFaceClip } from '../faces/face-fixtures';
import { encodeWav } from '../speech/audio-file';
import { synthesizeSpeech } from '../speech/synthesizer';
import { mouthTrack, type MouthFrame } from './mouth-track';
import { footageVideo, FPS, mouthAt, mouthBox, renderPhotoTalkingClip, trackAt, type SampledMouths } from './photo-lipsync';
import { scoreLipSync } from './sync-check';
import { innerMouthBox } from './sync-score';

jest.setTimeout(120_000);

/** The clip: the man swaying and zooming, 3 s at 30 fps (not the engine's 25) and 640x360. */
const CLIP = { width: 640, height: 360, fps: 30, seconds: 3 };

/** The luma planes of every frame of `video` (at its own size). */
async function lumaFrames(video: string, width: number, height: number): Promise<Buffer[]> {
  const raw = await runFfmpeg(['-i', video, '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'], { captureOutput: true });
  const bytes = width * height;
  return Array.from({ length: Math.floor(raw.length / bytes) }, (_, index) => raw.subarray(index * bytes, (index + 1) * bytes));
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The mean SSIM of two luma frames over 8x8 blocks (the usual constants for 8-bit pictures), leaving
 * out every block that touches `box`.
 */
function ssimOutside(a: Buffer, b: Buffer, width: number, height: number, box: Box): number {
  const [c1, c2] = [(0.01 * 255) ** 2, (0.03 * 255) ** 2];
  let sum = 0;
  let blocks = 0;
  for (let top = 0; top + 8 <= height; top += 8) {
    for (let left = 0; left + 8 <= width; left += 8) {
      if (left < box.right && left + 8 > box.left && top < box.bottom && top + 8 > box.top) continue;
      let [meanA, meanB, varA, varB, covariance] = [0, 0, 0, 0, 0];
      for (let y = top; y < top + 8; y++) for (let x = left; x < left + 8; x++) [meanA, meanB] = [meanA + a[y * width + x], meanB + b[y * width + x]];
      [meanA, meanB] = [meanA / 64, meanB / 64];
      for (let y = top; y < top + 8; y++) {
        for (let x = left; x < left + 8; x++) {
          const [da, db] = [a[y * width + x] - meanA, b[y * width + x] - meanB];
          [varA, varB, covariance] = [varA + da * da, varB + db * db, covariance + da * db];
        }
      }
      [varA, varB, covariance] = [varA / 63, varB / 63, covariance / 63];
      sum += ((2 * meanA * meanB + c1) * (2 * covariance + c2)) / ((meanA ** 2 + meanB ** 2 + c1) * (varA + varB + c2));
      blocks++;
    }
  }
  return sum / blocks;
}

/** The mean absolute difference of two luma frames inside `box`. */
function differenceInside(a: Buffer, b: Buffer, width: number, box: Box): number {
  let sum = 0;
  for (let y = box.top; y < box.bottom; y++) for (let x = box.left; x < box.right; x++) sum += Math.abs(a[y * width + x] - b[y * width + x]);
  return sum / ((box.right - box.left) * (box.bottom - box.top));
}

function pearson(xs: number[], ys: number[]): number {
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const [mx, my] = [mean(xs), mean(ys)];
  let [sxy, sxx, syy] = [0, 0, 0];
  xs.forEach((x, index) => {
    const [dx, dy] = [x - mx, ys[index] - my];
    [sxy, sxx, syy] = [sxy + dx * dy, sxx + dx * dx, syy + dy * dy];
  });
  return sxy / Math.sqrt(sxx * syy);
}

/** The mean absolute difference of two luma frames, every 4th pixel of every 4th row above row `above`. */
function differenceAbove(a: Buffer, b: Buffer, width: number, above: number): number {
  let sum = 0;
  // No Math.abs in this loop: called from a test file, it is about ten times slower than the comparison.
  for (let y = 0; y < above; y += 4) for (let x = 0; x < width; x += 4) sum += a[y * width + x] > b[y * width + x] ? a[y * width + x] - b[y * width + x] : b[y * width + x] - a[y * width + x];
  return sum;
}

/**
 * A creator's own clip speaking (footage mode), rendered once: the speech (about 6 s) is twice as
 * long as the clip, so the clip plays forward, backward and forward again.
 */
describe("lip-sync of a creator's own clip (footage)", () => {
  let folder: string;
  let clip: string;
  let out: string;
  let speechSeconds: number;
  let track: MouthFrame[];
  let mouths: SampledMouths;
  let source: Buffer[];
  let output: Buffer[];
  /** The source frame each output frame shows, told by the picture above the mouth (the mouth changes). */
  let shown: number[];
  const { width, height } = CLIP;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'footage-lipsync-'));
    clip = await makeFaceClip(folder, CLIP);
    const speech = await synthesizeSpeech({ text: 'Papa, mama, banana! Wow, open wide. Hello, how are you today?', voiceId: 'Casual_Guy' });
    speechSeconds = speech.durationMs / 1000;
    const audio = join(folder, 'speech.wav');
    await writeFile(audio, encodeWav(speech));
    // The track at the engine's 25 fps, as the service makes it: the render takes it at its own 30 fps.
    track = mouthTrack(speech, FPS);
    out = join(folder, 'talking.mp4');
    mouths = await renderPhotoTalkingClip(clip, track, audio, out, { isImage: false, footage: true });
    [source, output] = await Promise.all([lumaFrames(clip, width, height), lumaFrames(out, width, height)]);
    // Above every mouth box the clip is untouched: the closest source frame there is the one shown.
    const above = Math.min(...mouths.samples.map((sample) => mouthBox(sample).top)) - 16;
    expect(above).toBeGreaterThan(height / 4);
    shown = output.map((frame) => {
      const distances = source.map((candidate) => differenceAbove(frame, candidate, width, above));
      return distances.indexOf(Math.min(...distances));
    });
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  /** The box around the mouth in output frame `index`: where the mouth is in the source frame it shows. */
  const boxAt = (index: number) => mouthBox(mouthAt(mouths, shown[index]));

  it("is at the clip's own size and frame rate, as long as the speech", async () => {
    expect(speechSeconds).toBeGreaterThan(2 * CLIP.seconds - 0.5);
    const info = await probeMedia(out);
    expect(info.video).toMatchObject({ codec: 'h264', width, height, fps: CLIP.fps });
    expect(Math.abs(info.durationSeconds - speechSeconds)).toBeLessThan(0.1);
    expect(Math.abs(output.length - speechSeconds * CLIP.fps)).toBeLessThanOrEqual(1);
    expect(mouths.video).toEqual({ width, height, fps: CLIP.fps });
    expect(await footageVideo(clip)).toEqual({ width, height, fps: CLIP.fps });
    expect(await footageVideo(clip, { format: '9x16-720p' })).toEqual({ width: 720, height: 1280, fps: CLIP.fps });
  });

  it("keeps the clip's frame rate in a format asked for, framed around the face", async () => {
    const framed = join(folder, 'framed.mp4');
    const short = track.slice(0, FPS);
    const kept = await renderPhotoTalkingClip(clip, short, join(folder, 'speech.wav'), framed, { isImage: false, footage: true, format: '1x1-720p' });
    expect((await probeMedia(framed)).video).toMatchObject({ width: 720, height: 720, fps: CLIP.fps });
    expect(kept.video).toEqual({ width: 720, height: 720, fps: CLIP.fps });
    expect(kept.face).toEqual(mouths.face);
  });

  it('takes a phone clip as it is shown: its rotation applied, and a variable frame rate made steady', async () => {
    // Filmed upright: the same frames stored sideways with a 90° display rotation.
    const rotated = join(folder, 'rotated.mp4');
    await runFfmpeg(['-i', clip, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', '-y', rotated]);
    expect(await footageVideo(rotated)).toEqual({ width: height, height: width, fps: CLIP.fps });
    // Every 5th frame dropped, the others keeping their times: 24 frames a second on average, unevenly spaced.
    const uneven = join(folder, 'uneven.mp4');
    await runFfmpeg(['-i', clip, '-vf', "select='not(eq(mod(n\\,5)\\,0))'", '-vsync', 'vfr', '-c:v', 'libx264', '-preset', 'ultrafast', '-y', uneven]);
    expect(await footageVideo(uneven)).toEqual({ width, height, fps: 24 });
    const steady = join(folder, 'steady.mp4');
    await renderPhotoTalkingClip(uneven, track.slice(0, 2 * FPS), join(folder, 'speech.wav'), steady, { isImage: false, footage: true });
    const frames = await lumaFrames(steady, width, height);
    expect(frames).toHaveLength(48);
    expect((await probeMedia(steady)).video).toMatchObject({ width, height, fps: 24 });
  });

  it('plays the clip forward, then backward, then forward again, turning at the stillest moment near each end (no jump cut)', () => {
    expect(source.length).toBe(CLIP.fps * CLIP.seconds);
    expect(output.length).toBeGreaterThan(2 * source.length - 2);
    // One frame to the next, always a neighbour: no jump cut.
    const steps = shown.slice(1).map((frame, index) => frame - shown[index]);
    expect(steps.every((step) => step === 1 || step === -1)).toBe(true);
    // It starts forward from the first frame and turns at the same two frames each time.
    expect(shown[0]).toBe(0);
    const turns = shown.filter((_, index) => index > 0 && index < shown.length - 1 && steps[index - 1] !== steps[index]);
    const [last, first] = [Math.max(...turns), Math.min(...turns)];
    expect(turns.length).toBeGreaterThanOrEqual(2);
    expect(turns.every((turn) => turn === last || turn === first)).toBe(true);
    // Each within a second (and a third of the clip) of its end, where the picture changes least around it.
    const change = source.map((frame, index) => (index === 0 ? 0 : differenceAbove(frame, source[index - 1], width, height)));
    const around = (frame: number) => change[Math.max(1, frame)] + change[Math.min(source.length - 1, frame + 1)];
    const span = CLIP.fps;
    const stillestIn = (from: number, to: number) => Math.min(...Array.from({ length: to - from }, (_, offset) => around(from + offset)));
    expect(last).toBeGreaterThanOrEqual(source.length - span);
    expect(first).toBeLessThan(span);
    expect(around(last)).toBeLessThanOrEqual(1.25 * stillestIn(source.length - span, source.length));
    expect(around(first)).toBeLessThanOrEqual(1.25 * stillestIn(0, span));
    // The fixture sways from its first frame: the turn near the start is not at frame 0 (the old loop's).
    expect(first).toBeGreaterThan(0);
  });

  it('moves nothing outside a box around the mouth: SSIM against the source frame of at least 0.98 in every frame', () => {
    const ssims = output.map((frame, index) => ssimOutside(frame, source[shown[index]], width, height, boxAt(index)));
    expect(Math.min(...ssims)).toBeGreaterThanOrEqual(0.98);
  });

  it('opens the mouth in time with the speech: the change inside the mouth box follows the mouth track', () => {
    const change = output.map((frame, index) => differenceInside(frame, source[shown[index]], width, boxAt(index)));
    const opening = output.map((_, index) => trackAt(track, FPS, CLIP.fps, index).open);
    // The change grows with the opening but not in proportion (the painted opening grows with its
    // square, the jaw's pull with the opening), and the encoder adds noise; a correlation this high
    // says the mouth opens when, and only when, the speech does.
    expect(pearson(change, opening)).toBeGreaterThan(0.85);
  });

  it('scores its lip-sync: in sync with its own sound, and the sound found 200 ms late when it is moved', async () => {
    const video = { path: out, width, height, fps: CLIP.fps, mouthAt: (index: number) => innerMouthBox(mouthAt(mouths, shown[index]), width, height) };
    const own = await scoreLipSync(video);
    expect(Math.abs(own.offsetMs)).toBeLessThanOrEqual(40);
    expect(own.confidence).toBeGreaterThan(0.5);
    const late = join(folder, 'late.wav');
    await runFfmpeg(['-i', join(folder, 'speech.wav'), '-af', 'adelay=200', '-y', late]);
    const moved = await scoreLipSync({ ...video, audioPath: late });
    expect(Math.abs(moved.offsetMs - 200)).toBeLessThanOrEqual(40);
  });
});
