import { rm } from 'node:fs/promises';
import { DEFAULT_VIDEO_FORMAT, PORTRAIT_SIZE, videoFormat, type VideoFormatId } from '@lipcast/contracts';
import {
  checkDuration,
  checkMediaInput,
  CLIP_LIMITS,
  encodeVideo,
  type CaptionBurnIn,
  faceFraming,
  type Framing,
  MAX_PIXELS_OPTION,
  MediaLimitMessages,
  probeMedia,
  ProviderError,
  runFfmpeg,
  type InputSize,
} from '@lipcast/media-tools';
import { seededRandom } from '../characters/look';
import { readPpmFrames } from '../faces/face-check';
import { decodedFrames, type FrameReading } from './decoded-frames';
import { findMouth, type MouthGeometry } from '../faces/face-landmarks';
import { rgbToYuv } from '../yuv420';
import { findFaceCentre, framingFor } from './framing';
import { gridChange, lumaGrid, stillestFrame, turnWindows } from './still-turns';
import { innerMouthBox, mouthPatch } from './sync-score';
import type { MouthFrame } from './mouth-track';

export { decodedFrames } from './decoded-frames';

export const WIDTH = PORTRAIT_SIZE.width;
export const HEIGHT = PORTRAIT_SIZE.height;
export const FPS = 25;
/**
 * superfast: about a third less encoder time than veryfast for the same CRF, and no worse by SSIM on
 * these clips (the file is larger: CABAC stays on, fewer reference frames are searched).
 */
export const PHOTO_CLIP_PRESET = 'superfast';
/**
 * Footage is the creator's own picture, kept as it was outside the mouth, and the encoder is most of
 * a footage render's time: x264's `ultrafast` at CRF 17, tuned for camera footage (`film`). On the
 * face fixture's 720p clip (10 s) it took 1.3 CPU seconds against `superfast`'s 2.9 (at CRF 20), and
 * kept an SSIM of 0.990 against the source at worst (0.991), in a file of 3.7 Mbit/s (1.5): twice the
 * bytes for half the encoder. At CRF 19 a 640x360 clip fell to 0.981 at worst, too near the 0.98 that
 * footage must keep outside the mouth (0.984 at 17); the photo's `superfast` at CRF 23, 0.984.
 */
export const FOOTAGE_ENCODING = { preset: 'ultrafast', tune: 'film', crf: 17 } as const;
/** Landmarks are found on every this-many frames of the source (at 25 fps) and interpolated between. */
const SAMPLE_EVERY = 12;
/**
 * A creator's own footage is looked at more often. On the face fixture's swaying head (720p, a 65 px
 * mouth), the mouth placed from samples 12 frames apart was up to 13 px off where the model finds it
 * in each frame (6 px RMS) with straight lines between samples, 7 px with the curve (`mouthAt`); 6 to
 * 8 frames apart with the curve, 1.9 to 2.5 px (0.9 to 1.2 RMS: the model's own spread from frame to
 * frame is 1 px). Steady stretches still skip the model (`findMouthsWhereNeeded`).
 */
const FOOTAGE_SAMPLE_SECONDS = 0.28;
/** Footage is worked on at its own size up to this (its longer side, its shorter side), keeping its shape. */
export const FOOTAGE_MAX_SIZE = { long: 1920, short: 1080 } as const;

/** The size and frame rate of a video the lip-sync makes. */
export interface VideoShape {
  width: number;
  height: number;
  fps: number;
}

/** The mouth found in a source clip, every `sampleEvery` frames over one pass of it (cacheable per clip, format and mode). */
export interface SampledMouths {
  version: 1;
  sampleEvery: number;
  /** Frames in one pass of the source. */
  period: number;
  /** The frame rate the source is read at (FPS when absent: every clip before footage). */
  fps?: number;
  samples: MouthGeometry[];
  /** Where the face's centre is in the source (0..1), the framing's anchor, for a format other than the portrait card (and for footage). */
  face?: { x: number; y: number };
  /** The video made with these landmarks: its size and frame rate (set by every render). */
  video?: VideoShape;
}

export class NoFaceError extends Error {
  override name = 'NoFaceError';
}

/**
 * Raw frames as the two passes want them: rgb24 for the landmark model; yuv420p for compositing, which
 * is what both the decoder and the encoder hold, so neither converts and the pipes carry half the bytes.
 */
type PixelFormat = 'rgb24' | 'yuv420p';

/**
 * The frame the mouth is found and opened in: the source scaled (and cropped) by `fit`. The portrait
 * card's is the source covering 640x720 (cropped in the middle); another format's is its framing
 * around the face (`faceFraming`), as wide as the target or narrower (the blurred fill is the encoder's).
 */
export interface WorkFrame {
  width: number;
  height: number;
  fit: string[];
  bytes: Record<PixelFormat, number>;
  luma: Plane;
  chroma: Plane;
}

function workFrame(width: number, height: number, fit: string[]): WorkFrame {
  return {
    width,
    height,
    fit,
    bytes: { rgb24: width * height * 3, yuv420p: (width * height * 3) / 2 },
    luma: { width, height, scale: 1, channels: [{ offset: 0, interior: INTERIOR[0], teeth: TEETH[0] }] },
    chroma: {
      width: width / 2,
      height: height / 2,
      scale: 0.5,
      channels: [
        { offset: width * height, interior: INTERIOR[1], teeth: TEETH[1] },
        { offset: (width * height * 5) / 4, interior: INTERIOR[2], teeth: TEETH[2] },
      ],
    },
  };
}

/** A picture or clip to speak, checked against the media limits. */
interface Source {
  path: string;
  isImage: boolean;
  durationSeconds: number;
  size: InputSize;
  frame: WorkFrame;
  /** The frame rate the clip is read, worked on and encoded at (FPS, or footage's own). */
  fps: number;
  /** The landmarks are found on every this-many frames. */
  sampleEvery: number;
  /** Where in the work frame the landmark model looks (a format's frame, footage's; the portrait card's: all of it). */
  look?: LookWindow;
}

/**
 * A part of the work frame around the face, as tall as it and as wide as the portrait card's 8:9 at
 * most, scaled to at most 720 pixels high and padded to 8:9 when narrower: the landmark model sees
 * a picture shaped as the portrait card's (a tall frame squeezed into its square input, or a narrow
 * strip, hid the face), at no more cost.
 */
interface LookWindow {
  left: number;
  width: number;
  /** The window's size as looked at over its size in the work frame. */
  scale: number;
  /** Where the window starts in the padded picture looked at. */
  padLeft: number;
  frame: WorkFrame;
}

const LOOK_HEIGHT = 720;
/**
 * Footage's look window is at most this high: the model's cost grows with the picture it is given
 * (about a third less at half the pixels), while it finds the face at 256 pixels and reads the mesh at
 * 192 whatever it is given. On the face fixture's 720p clip the mouth landmarks were as close to the
 * face's known path at 480 as at 720 (1.1 px RMS).
 */
const FOOTAGE_LOOK_HEIGHT = 480;

function lookWindow(work: { width: number; height: number; fit: string[] }, faceX: number, maxHeight = LOOK_HEIGHT): LookWindow {
  const width = Math.min(work.width, 2 * Math.round((work.height * WIDTH) / HEIGHT / 2));
  const left = Math.round(Math.min(work.width - width, Math.max(0, faceX - width / 2)));
  const lookHeight = 2 * Math.round((work.height * Math.min(1, maxHeight / work.height)) / 2);
  const scale = lookHeight / work.height;
  const lookWidth = 2 * Math.round((width * scale) / 2);
  const paddedWidth = Math.max(lookWidth, 2 * Math.round((lookHeight * WIDTH) / HEIGHT / 2));
  const padLeft = Math.round(Math.min(paddedWidth - lookWidth, Math.max(0, paddedWidth / 2 - (faceX - left) * scale)));
  const fit = [...work.fit, `crop=${width}:${work.height}:${left}:0`, `scale=${lookWidth}:${lookHeight}`, ...(paddedWidth > lookWidth ? [`pad=${paddedWidth}:${lookHeight}:${padLeft}:0`] : [])];
  return { left, width, scale, padLeft, frame: workFrame(paddedWidth, lookHeight, fit) };
}

/** A mouth found in the look window, in the work frame's pixels. */
const fromLook = (look: LookWindow, mouth: MouthGeometry): MouthGeometry => ({
  x: look.left + (mouth.x - look.padLeft + 0.5) / look.scale - 0.5,
  y: (mouth.y + 0.5) / look.scale - 0.5,
  width: mouth.width / look.scale,
  chinDrop: mouth.chinDrop / look.scale,
});

async function openSource(path: string, isImage: boolean, signal?: AbortSignal): Promise<Source> {
  const input = await checkMediaInput(path, signal);
  return { path, isImage, durationSeconds: input.durationSeconds, size: input, frame: PORTRAIT_CARD, fps: FPS, sampleEvery: SAMPLE_EVERY };
}

const even = (value: number) => Math.max(2, 2 * Math.round(value / 2));

/** Footage's own frame rate, rounded to a whole number within the clip limits (15-60); FPS when unknown. */
export const footageFps = (fps: number) => (fps > 0 ? Math.min(CLIP_LIMITS.maxFps, Math.max(CLIP_LIMITS.minFps, Math.round(fps))) : FPS);

/** Footage's own size, even, scaled down (keeping its shape) to fit FOOTAGE_MAX_SIZE. */
export function footageSize(shown: { width: number; height: number }): { width: number; height: number } {
  const ratio = Math.min(1, FOOTAGE_MAX_SIZE.long / Math.max(shown.width, shown.height), FOOTAGE_MAX_SIZE.short / Math.min(shown.width, shown.height));
  return { width: even(shown.width * ratio), height: even(shown.height * ratio) };
}

/** A clip's size as shown (its rotation applied, as the decoder applies it) and its frame rate. */
async function footageInput(path: string, signal?: AbortSignal): Promise<{ width: number; height: number; fps: number }> {
  // Probed while the first frame is decoded (its failure, if any, reported after the frame's).
  const probing = probeMedia(path);
  probing.catch(() => undefined);
  const [first] = readPpmFrames(await runFfmpeg([...MAX_PIXELS_OPTION, '-i', path, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'ppm', 'pipe:1'], { captureOutput: true, signal }));
  if (!first) throw new ProviderError(MediaLimitMessages.unreadable, 'invalid-input');
  return { width: first.width, height: first.height, fps: (await probing).video?.fps ?? 0 };
}

/**
 * The video a render of a creator's own clip (`footage: true`) makes: at the clip's own size (even,
 * at most FOOTAGE_MAX_SIZE) and frame rate (whole, 15-60), or at `format`'s size when one is asked.
 */
export async function footageVideo(path: string, options: { format?: VideoFormatId; signal?: AbortSignal } = {}): Promise<VideoShape> {
  await checkMediaInput(path, options.signal);
  const input = await footageInput(path, options.signal);
  const size = options.format ? videoFormat(options.format) : footageSize(input);
  return { width: size.width, height: size.height, fps: footageFps(input.fps) };
}

/** A still, scaled and cropped to the work frame, decoded once for each pass that needs it (one frame each). */
async function decodeStill(source: Source, format: PixelFormat, signal?: AbortSignal): Promise<Buffer> {
  const args = [...MAX_PIXELS_OPTION, '-i', source.path, '-vf', source.frame.fit.join(','), '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', format, 'pipe:1'];
  const still = await runFfmpeg(args, { captureOutput: true, signal });
  if (still.length !== source.frame.bytes[format]) throw new ProviderError(MediaLimitMessages.unreadable, 'invalid-input');
  return still;
}

/** Raw frames of the source in its work frame at its frame rate, looped for ever (a still repeats); the reader stops it. */
async function* sourceFrames(source: Source, format: PixelFormat, options: FrameReading = {}): AsyncGenerator<Buffer> {
  const { select, signal } = options;
  const fit = source.frame.fit;
  if (source.isImage) {
    // The still's one decoded frame stands for every frame (a selection of frames takes just it).
    const still = await decodeStill(source, format, signal);
    yield still;
    while (!select) yield still;
    return;
  }
  // A selection is made before scaling, so only the frames kept are scaled (a third less time for the samples' pass).
  const filters = select ? [`fps=${source.fps}`, select, ...fit] : [...fit, `fps=${source.fps}`];
  const args = [...MAX_PIXELS_OPTION, '-stream_loop', select ? '0' : '-1', '-i', source.path, '-vf', filters.join(','), ...(select ? ['-vsync', '0'] : []), '-f', 'rawvideo', '-pix_fmt', format, 'pipe:1'];
  yield* decodedFrames(args, source.frame.bytes[format], options);
}

/** A source frame to composite: the frame (yuv420p, in the work frame) and its number in one pass of the source. */
type IndexedFrame = [frame: Buffer, index: number];

/** Frames `from` to `from + count` (to the end when absent) of one pass of a clip, yuv420p; a part after the start is decoded from a seek. */
function clipPart(source: Source, from: number, count: number | undefined, options: FrameReading): AsyncGenerator<Buffer> {
  // A quarter of a frame early: the frame `from` is the first one at or after the seek, whatever the rounding.
  const seek = from > 0 ? ['-ss', ((from - 0.25) / source.fps).toFixed(4)] : [];
  const frames = count === undefined ? [] : ['-frames:v', String(count)];
  const args = [...seek, ...MAX_PIXELS_OPTION, '-i', source.path, '-vf', [...source.frame.fit, `fps=${source.fps}`].join(','), ...frames, '-f', 'rawvideo', '-pix_fmt', 'yuv420p', 'pipe:1'];
  return decodedFrames(args, source.frame.bytes.yuv420p, options);
}

/** The most bytes of decoded frames held at once to play a clip backward (a part of it at a time). */
const BACKWARD_PART_BYTES = 64 * 1024 * 1024;

/**
 * A clip played forward, then backward, then forward again… (ping-pong): a loop with no jump cut,
 * for footage that was never made to loop. It turns at the stillest moment within TURN_WINDOW_SECONDS
 * of each end (`stillestFrame`), measured on the first pass as it is decoded: the frames of the last
 * window are only measured then, and shown from a seek once the turn is chosen (with the first part
 * of the way back when they fit in one). Frames at the turns are not repeated. Backward, the clip is
 * decoded a part at a time (as many frames as BACKWARD_PART_BYTES hold), each from a seek, and given
 * back in reverse: the whole clip is never held.
 */
async function* pingPongFrames(source: Source, options: FrameReading): AsyncGenerator<IndexedFrame> {
  const { width, height } = source.frame;
  const measuredOnly = turnWindows(periodOf(source), source.fps).last[0];
  const change = [0];
  let previous: Uint8Array | undefined;
  let count = 0;
  for await (const frame of clipPart(source, 0, undefined, options)) {
    const grid = lumaGrid(frame, width, height);
    if (previous) change.push(gridChange(previous, grid));
    previous = grid;
    if (count < measuredOnly) yield [frame, count];
    count++;
  }
  const shown = Math.min(count, measuredOnly);
  const windows = turnWindows(count, source.fps);
  let last = stillestFrame(change, Math.max(shown - 1, windows.last[0]), count, count - 1);
  let first = stillestFrame(change, 0, windows.first[1], 0);
  if (last - first < 2) [first, last] = [0, count - 1];
  const perPart = Math.max(1, Math.floor(BACKWARD_PART_BYTES / source.frame.bytes.yuv420p));
  // The buffers a part is held in, allocated once and refilled part after part (not left to the GC).
  const held: Buffer[] = [];
  /** Frames [start, end) of one pass, decoded from a seek into `held`; how many came. */
  const hold = async (start: number, end: number) => {
    let length = 0;
    for await (const frame of clipPart(source, start, end - start, { reuseBuffer: true, signal: options.signal })) frame.copy((held[length++] ??= Buffer.allocUnsafe(frame.length)));
    return length;
  };
  // Backward, the next frame shown is `end - 1`.
  let end = last;
  if (last >= shown && last - shown < perPart) {
    // The rest of the first pass up to the turn and the start of the way back are one part: one seek
    // (a decoder started, and the frames before the seek decoded again) fewer.
    const start = Math.min(shown, Math.max(first + 1, last + 1 - perPart));
    const length = await hold(start, last + 1);
    for (let index = shown - start; index < length; index++) yield [held[index], start + index];
    for (let index = length - 2; index >= 0 && start + index > first; index--) yield [held[index], start + index];
    end = Math.max(start, first + 1);
  } else if (last >= shown) {
    let index = shown;
    for await (const frame of clipPart(source, shown, last - shown + 1, options)) yield [frame, index++];
  }
  for (;;) {
    for (; end > first + 1; end -= perPart) {
      const start = Math.max(first + 1, end - perPart);
      const length = await hold(start, end);
      for (let index = length - 1; index >= 0; index--) yield [held[index], start + index];
    }
    let index = first;
    for await (const frame of clipPart(source, first, last - first + 1, options)) yield [frame, index++];
    if (index === first) return;
    end = last;
  }
}

/**
 * The source's frames as the render reads them, each with its number in one pass of the source; a
 * clip plays ping-pong only when more frames than it has are `needed`.
 */
async function* framesToComposite(source: Source, loop: ClipLoop, needed: number, options: FrameReading): AsyncGenerator<IndexedFrame> {
  if (loop === 'ping-pong' && !source.isImage && needed > periodOf(source)) return yield* pingPongFrames(source, options);
  let index = 0;
  for await (const frame of sourceFrames(source, 'yuv420p', options)) yield [frame, index++];
}

/**
 * Where a take of a clip starts, in frames of one pass of it (issue 37, item 3): the first take (no
 * seed, or 0) at its first frame, as every render did before takes; another at a frame its seed picks,
 * so a new take of the same inputs has its own idle timing (the head and the blinks where the clip has
 * them then). A still (one frame) has no other start.
 */
export function takeStart(seed: number | undefined, period: number): number {
  if (!seed || period <= 1) return 0;
  return Math.floor(seededRandom(`take-start-${seed}`)() * period);
}

/** Finds the mouth on every SAMPLE_EVERY-th frame of one pass of the clip (a still: its one frame), as the portrait card's render does. */
export async function sampleMouths(path: string, isImage: boolean, signal?: AbortSignal): Promise<SampledMouths> {
  return sampleSource(await openSource(path, isImage, signal), signal);
}

/** Frames in one pass of the source (a still: one). */
const periodOf = (source: Source) => (source.isImage ? 1 : Math.max(1, Math.round(source.durationSeconds * source.fps)));

/** The samples settled so far: the first `count` of the clip's, final (null while no face is found in them). */
type OnSettled = (samples: MouthGeometry[] | null, count: number) => void;

async function sampleSource(source: Source, signal?: AbortSignal, onSettled?: OnSettled): Promise<SampledMouths> {
  const period = periodOf(source);
  const { look } = source;
  const frames = sourceFrames(look ? { ...source, frame: look.frame } : source, 'rgb24', { select: `select='not(mod(n\\,${source.sampleEvery}))'`, signal });
  const found = await findMouthsWhereNeeded(
    frames,
    async (frame) => {
      signal?.throwIfAborted();
      if (!look) return findMouth(frame, source.frame.width, source.frame.height);
      const mouth = await findMouth(frame, look.frame.width, look.frame.height);
      return mouth && fromLook(look, mouth);
    },
    (settled, count) => onSettled?.(fillMissedFaces(settled.slice(0, count)), count),
  );
  // An abort stops the decoder, which ends the frames early: a cut-short pass is no result.
  signal?.throwIfAborted();
  const samples = fillMissedFaces(found);
  if (!samples) throw new NoFaceError('No face was found in this video or picture.');
  return { version: 1, sampleEvery: source.sampleEvery, period, ...(source.fps === FPS ? {} : { fps: source.fps }), samples };
}

/** A frame where the face was missed takes the nearest earlier one (or the first found); null when none is found. */
function fillMissedFaces(found: (MouthGeometry | null)[]): MouthGeometry[] | null {
  const first = found.findIndex(Boolean);
  if (first < 0) return null;
  let last = found[first]!;
  return found.map((geometry) => (last = geometry ?? last));
}

/** Sampled frames looked at together: the landmarks at both ends of a stretch are always found. */
const STRETCH = 16;
/**
 * How far a found mouth may lie from the one interpolated for it (a share of the mouth's width, each
 * of x, y, width and chin) for the frames around it to be interpolated: about the model's own jitter.
 */
const TOLERANCE = 0.05;

const mixMouths = (a: MouthGeometry, b: MouthGeometry, t: number): MouthGeometry => ({
  x: a.x + (b.x - a.x) * t,
  y: a.y + (b.y - a.y) * t,
  width: a.width + (b.width - a.width) * t,
  chinDrop: a.chinDrop + (b.chinDrop - a.chinDrop) * t,
});
const near = (a: MouthGeometry, b: MouthGeometry) => {
  const tolerance = TOLERANCE * b.width;
  return Math.abs(a.x - b.x) <= tolerance && Math.abs(a.y - b.y) <= tolerance && Math.abs(a.width - b.width) <= tolerance && Math.abs(a.chinDrop - b.chinDrop) <= tolerance;
};

/**
 * The mouth in each of `frames` (the sampled frames of a clip), running the landmark model only where
 * the face moves: over a stretch of STRETCH frames the mouth is found at both ends and in the middle;
 * when the middle lies where the ends predict (the face is still, or moves steadily), the frames
 * between are interpolated, otherwise each half is looked at the same way. Holds one stretch of frames.
 * `onSettled` is told, as each part of a stretch is settled, how many of the frames' mouths are final
 * (and given them all).
 */
export async function findMouthsWhereNeeded(
  frames: AsyncIterable<Buffer>,
  detect: (frame: Buffer) => Promise<MouthGeometry | null>,
  onSettled?: (found: readonly (MouthGeometry | null)[], count: number) => void,
): Promise<(MouthGeometry | null)[]> {
  const found: (MouthGeometry | null)[] = [];
  let held: Buffer[] = [];
  let offset = 0; // index in `found` of held[0]
  const settle = async (from: number, to: number): Promise<void> => {
    if (to - from >= 2) {
      const middle = (from + to) >> 1;
      const [start, end] = [found[offset + from], found[offset + to]];
      const centre = (found[offset + middle] = await detect(held[middle]));
      // Steady: the middle is where the ends put it, or there is no face at all three.
      const steady = start && end && centre ? near(centre, mixMouths(start, end, (middle - from) / (to - from))) : !start && !end && !centre;
      if (!steady) {
        await settle(from, middle);
        await settle(middle, to);
        return;
      }
      for (let index = from + 1; index < to; index++) {
        if (index === middle) continue;
        const [a, b, t] = index < middle ? [start, centre, (index - from) / (middle - from)] : [centre, end, (index - middle) / (to - middle)];
        found[offset + index] = a && b ? mixMouths(a, b, t) : null;
      }
    }
    // Parts are settled from left to right: every mouth up to `to` is final now, and the frames
    // around them can be composited before the rest of the stretch is looked at.
    onSettled?.(found, offset + to + 1);
  };
  const settleHeld = async () => {
    found[offset + held.length - 1] = await detect(held[held.length - 1]);
    await settle(0, held.length - 1);
    offset += held.length - 1;
    held = held.slice(-1);
  };
  for await (const frame of frames) {
    held.push(frame);
    if (held.length === 1 && offset === 0) found[0] = await detect(frame);
    if (held.length === STRETCH + 1) await settleHeld();
  }
  if (held.length > 1) await settleHeld();
  else onSettled?.(found, found.length);
  return found;
}

/** Catmull-Rom: the curve through b (t = 0) and c (t = 1) with the slopes that a and d give. */
const curve = (a: number, b: number, c: number, d: number, t: number) => b + 0.5 * t * (c - a + t * (2 * a - 5 * b + 4 * c - d + t * (3 * (b - c) + d - a)));

/**
 * The mouth at source frame `index`, on a smooth curve through the samples (Catmull-Rom, each of x,
 * y, width and chin): it passes through every sample and its speed never jumps at one, so the mouth
 * glides with the face. Straight lines between samples turned at each sample, and a nod between two
 * fell off the line (see FOOTAGE_SAMPLE_SECONDS); the curve moves as smoothly as the face itself.
 */
export function mouthAt(mouths: SampledMouths, index: number): MouthGeometry {
  const { samples } = mouths;
  const position = (index % mouths.period) / mouths.sampleEvery;
  const last = samples.length - 1;
  if (last === 0) return samples[0];
  // Past the last sample (the last frames of a pass) the mouth goes on as it was going.
  if (position >= last) return mixMouths(samples[last - 1], samples[last], 1 + position - last);
  const at = Math.floor(position);
  // Before the first sample and after the last, the curve's slope comes from a sample continuing the line (not one repeated: the mouth would stop there).
  const sample = (offset: number) => {
    const wanted = at + offset;
    if (wanted < 0) return mixMouths(samples[0], samples[1], wanted);
    if (wanted > last) return mixMouths(samples[last - 1], samples[last], 1 + wanted - last);
    return samples[wanted];
  };
  const [a, b, c, d] = [sample(-1), sample(0), sample(1), sample(2)];
  const t = position - at;
  return {
    x: curve(a.x, b.x, c.x, d.x, t),
    y: curve(a.y, b.y, c.y, d.y, t),
    width: curve(a.width, b.width, c.width, d.width, t),
    chinDrop: curve(a.chinDrop, b.chinDrop, c.chinDrop, d.chinDrop, t),
  };
}

const INTERIOR = rgbToYuv(58, 16, 22);
const TEETH = rgbToYuv(232, 226, 214);

/** One resolution of a yuv420p frame: Y at full size, or U and V together at half size each way. */
interface Plane {
  width: number;
  height: number;
  scale: number;
  channels: { offset: number; interior: number; teeth: number }[];
}

/** The portrait card's work frame: the source covering 640x720, cropped in the middle. */
/** How any picture is fitted to the portrait card: scaled to cover it, then cropped to it (centred). */
export const PORTRAIT_CARD_FIT = [`scale=${WIDTH}:${HEIGHT}:force_original_aspect_ratio=increase`, `crop=${WIDTH}:${HEIGHT}`] as const;
const PORTRAIT_CARD = workFrame(WIDTH, HEIGHT, [...PORTRAIT_CARD_FIT]);

/** How far the jaw drops at a fully open mouth, in mouth widths. */
const JAW_DROP = 0.42;
/** How far either side of the mouth's centre the jaw moves, in mouth widths. */
const JAW_HALF_WIDTH = 0.9;
/** Below the chin the skin is stretched back to still over this share of the lip-to-chin drop. */
const NECK = 0.35;

/**
 * The part of the frame `openMouth` may change for a mouth at `geometry` (in the work frame's pixels,
 * right and bottom excluded), at the widest the jaw opens: every pixel outside it is the source's. It
 * takes in the half-size chroma samples around it.
 */
export function mouthBox(geometry: MouthGeometry): { left: number; top: number; right: number; bottom: number } {
  const half = JAW_HALF_WIDTH * geometry.width;
  return {
    left: Math.floor(geometry.x - half) - 2,
    top: Math.floor(geometry.y) - 2,
    right: Math.ceil(geometry.x + half) + 3,
    bottom: Math.ceil(geometry.y + geometry.chinDrop * (1 + NECK) + JAW_DROP * geometry.width) + 3,
  };
}

/**
 * Opens the mouth of a real face in place: the jaw below the lip line is pulled down (a smooth window
 * as wide as the chin), and the opening between the lips is painted as the inside of a mouth, with
 * the upper teeth when it opens wide. `frame` is yuv420p in the work frame (the portrait card's
 * 640x720 unless said) and is changed in place, inside `mouthBox` only; `source` is the frame as decoded.
 */
export function openMouth(frame: Buffer, source: Buffer, geometry: MouthGeometry, mouth: MouthFrame, work: WorkFrame = PORTRAIT_CARD): void {
  if (Math.max(0, Math.min(1, mouth.open)) * JAW_DROP * geometry.width < 0.5) return;
  openMouthInPlane(frame, source, work.luma, geometry, mouth);
  openMouthInPlane(frame, source, work.chroma, geometry, mouth);
}

/**
 * One plane of `openMouth`. Each column below the lip line is remapped from the source, so that
 * nothing tears and no seam shows where the change ends: the opening is painted down to its depth
 * there; the skin from the lip line to the chin is laid from the opening's bottom down to the chin
 * moved by the jaw's drop; below the chin it is squeezed back to where nothing moves. The drop fades
 * to nothing at the jaw's sides (cos²), and beside the opening the column starts where it is, so the
 * change meets the untouched frame smoothly on every side: the feather is in the remapping itself.
 */
function openMouthInPlane(frame: Buffer, source: Buffer, plane: Plane, geometry: MouthGeometry, mouth: MouthFrame): void {
  const { width: planeWidth, height: planeHeight, scale, channels } = plane;
  // Pixel centres: a chroma sample sits in the middle of the 2x2 luma pixels it covers.
  const centreX = (geometry.x + 0.5) * scale - 0.5;
  const lipLine = (geometry.y + 0.5) * scale - 0.5;
  const mouthWidth = geometry.width * scale;
  const chinDrop = geometry.chinDrop * scale;
  const drop = Math.max(0, Math.min(1, mouth.open)) * JAW_DROP * mouthWidth;
  const jawHalf = JAW_HALF_WIDTH * mouthWidth;
  const mouthHalf = 0.5 * mouthWidth * (0.75 + 0.5 * Math.max(0, Math.min(1, mouth.width)));
  // Where the remapping ends below the lip line: the chin at its lowest, and the neck below it.
  const still = chinDrop * (1 + NECK) + drop;
  const left = Math.max(0, Math.floor(centreX - jawHalf));
  const right = Math.min(planeWidth - 1, Math.ceil(centreX + jawHalf));
  const teeth = Math.min(drop * 0.3, 0.1 * mouthWidth);
  // The opening's edge against the lips is soft over about a fortieth of the mouth (a pixel at the least).
  const softness = Math.max(1, mouthWidth / 40);
  // What depends on the column alone, worked out once per column rather than once per pixel.
  const jawDrop = new Float64Array(right - left + 1);
  const mouthDepth = new Float64Array(right - left + 1);
  for (let x = left; x <= right; x++) {
    jawDrop[x - left] = drop * Math.cos((Math.PI / 2) * Math.min(1, Math.abs((x - centreX) / jawHalf))) ** 2;
    mouthDepth[x - left] = Math.abs(x - centreX) < mouthHalf ? Math.sqrt(1 - ((x - centreX) / mouthHalf) ** 2) * drop : 0;
  }
  for (let y = Math.max(0, Math.floor(lipLine)); y <= Math.min(planeHeight - 1, Math.ceil(lipLine + still)); y++) {
    const below = y - lipLine;
    for (let x = left; x <= right; x++) {
      const depth = mouthDepth[x - left];
      const target = y * planeWidth + x;
      if (depth > 0 && below < depth) {
        const isTeeth = below < teeth * (depth / drop) && mouth.open > 0.3;
        const edge = Math.max(0, Math.min(1, (depth - below) / softness, (below + 0.5) / softness));
        for (const { offset, interior, teeth: teethValue } of channels) {
          frame[offset + target] = Math.round((isTeeth ? teethValue : interior) * edge + source[offset + target] * (1 - edge));
        }
        continue;
      }
      if (below < 0) continue; // above the lip line, beside the opening: untouched
      // Source rows below the lip line: [0, chinDrop] lands on [depth, chin], the rest is squeezed to `still`.
      const chin = Math.max(depth + 1, chinDrop + jawDrop[x - left]);
      const from = below <= chin ? ((below - depth) * chinDrop) / (chin - depth) : chinDrop + ((below - chin) * (still - chinDrop)) / (still - chin);
      const sourceY = lipLine + Math.min(below, from);
      const y0 = Math.floor(sourceY);
      const weight = sourceY - y0;
      const upper = Math.max(0, y0) * planeWidth + x;
      const lower = Math.min(planeHeight - 1, y0 + 1) * planeWidth + x;
      for (const { offset } of channels) frame[offset + target] = Math.round(source[offset + upper] * (1 - weight) + source[offset + lower] * weight);
    }
  }
}

/** How a clip shorter than the speech repeats: from its start again, or backward from its end and forward again. */
export type ClipLoop = 'forward' | 'ping-pong';

export interface PhotoClipOptions {
  isImage: boolean;
  /**
   * The video's format (the portrait card unless said): another is framed around the face, with a
   * blurred fill where the source is narrower. Footage without one keeps its own size; with one (the
   * portrait card too) it is framed around the face.
   */
  format?: VideoFormatId;
  /**
   * Mouth landmarks found earlier for this clip in this format and mode (the caller's cache, kept per
   * format, and apart for footage); found now when missing, or when they were found at another frame
   * rate or spacing.
   */
  mouths?: SampledMouths;
  /** Captions burned in by the render's own encode, laid out for the format's frame. */
  captions?: CaptionBurnIn;
  /**
   * A creator's own clip ("footage"), not one made to loop: read, composited and encoded at its own
   * size and frame rate unless `format` is given (`footageVideo` tells them beforehand), its landmarks
   * found every FOOTAGE_SAMPLE_SECONDS, played ping-pong when the speech is longer. Ignored for a still.
   */
  footage?: boolean;
  /** How a clip shorter than the speech repeats: 'forward' unless footage ('ping-pong'). */
  loop?: ClipLoop;
  /** The take (`takeStart`): another seed starts the clip at another frame; 0 or absent, at its first. */
  seed?: number;
  /** The frame rate `track` was made at (FPS unless said); a video at another (footage's own) takes each frame's mouth at its time. */
  trackFps?: number;
  /** Filled with each frame's mouth as the lip-sync score reads it (`mouthPatch` of `innerMouthBox`, in the work frame): scored without decoding the video again. */
  mouthPatches?: Uint8Array[];
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

/** What a render works on: its source in the work frame, the encoder's fill to the format (if any) and the face the framing is anchored on. */
interface RenderPlan {
  input: Source;
  fill: string | null;
  face?: { x: number; y: number };
  /** The video's size (the work frame's, or the format's when the encoder's fill scales to it). */
  size: { width: number; height: number };
}

/** The source framed in a format: composited in the framing's window, its landmarks found around the face. */
function framedSource(source: Source, framing: Framing, lookHeight?: number): Source {
  const work = workFrame(framing.working.width, framing.working.height, framing.decode);
  return { ...source, frame: work, look: lookWindow(work, framing.face.x, lookHeight) };
}

async function planRender(sourcePath: string, options: PhotoClipOptions): Promise<RenderPlan> {
  const opened = await openSource(sourcePath, options.isImage, options.signal);
  if (options.footage && !options.isImage) return planFootage(opened, options);
  // Another format than the portrait card is framed around the face, found in the first frame unless kept with the landmarks.
  const framed = !!options.format && options.format !== DEFAULT_VIDEO_FORMAT;
  const face = framed ? (options.mouths?.face ?? (await findFaceCentre(sourcePath, opened.size, options.signal))) : undefined;
  const framing = await framingFor(sourcePath, opened.size, options.format, options.signal, face);
  if (!framing) return { input: opened, fill: null, size: opened.frame };
  return { input: framedSource(opened, framing), fill: framing.fill, face, size: videoFormat(options.format) };
}

/** Footage: at its own frame rate, and its own size (or the format's, framed around the face); the model looks around the face. */
async function planFootage(opened: Source, options: PhotoClipOptions): Promise<RenderPlan> {
  const shown = await footageInput(opened.path, options.signal);
  const fps = footageFps(shown.fps);
  const source: Source = { ...opened, fps, sampleEvery: Math.max(1, Math.round(FOOTAGE_SAMPLE_SECONDS * fps)) };
  const face = options.mouths?.face ?? (await findFaceCentre(opened.path, { ...shown, durationSeconds: opened.durationSeconds }, options.signal));
  if (options.format) {
    const framing = faceFraming(shown, videoFormat(options.format), face);
    return { input: framedSource(source, framing, FOOTAGE_LOOK_HEIGHT), fill: framing.fill, face, size: videoFormat(options.format) };
  }
  const size = footageSize(shown);
  const work = workFrame(size.width, size.height, [`scale=${size.width}:${size.height}`, 'setsar=1']);
  return { input: { ...source, frame: work, look: lookWindow(work, face.x * size.width, FOOTAGE_LOOK_HEIGHT) }, fill: null, face, size };
}

/** The landmarks as a render of `plan` keeps them: with the face its framing is anchored on and the video's size and frame rate. */
const mouthsOfPlan = (found: SampledMouths, plan: RenderPlan): SampledMouths => ({
  ...found,
  ...(plan.face ? { face: plan.face } : {}),
  video: { width: plan.size.width, height: plan.size.height, fps: plan.input.fps },
});

/**
 * The landmarks a render of this source with these options would find and return, found ahead of any
 * render (a creator's own actor, right after its upload): a render given them skips its landmark pass.
 */
export async function findMouths(sourcePath: string, options: Pick<PhotoClipOptions, 'isImage' | 'footage' | 'format' | 'signal'>): Promise<SampledMouths> {
  const plan = await planRender(sourcePath, options);
  return mouthsOfPlan(await sampleSource(plan.input, options.signal), plan);
}

/** Kept landmarks fit a render when found at its frame rate and spacing (a still's always do) and, when it is framed, with the face it is anchored on. */
const keptMouthsFit = (mouths: SampledMouths, plan: RenderPlan) =>
  (plan.input.isImage || ((mouths.fps ?? FPS) === plan.input.fps && mouths.sampleEvery === plan.input.sampleEvery)) && (!plan.face || !!mouths.face);

/** The mouth of the track (made at `trackFps`) at frame `index` of a video at `fps`: between the track's two frames around that time. */
export function trackAt(track: readonly MouthFrame[], trackFps: number, fps: number, index: number): MouthFrame {
  if (trackFps === fps) return track[Math.min(index, track.length - 1)];
  const position = Math.min(track.length - 1, (index * trackFps) / fps);
  const [before, after] = [track[Math.floor(position)], track[Math.min(track.length - 1, Math.floor(position) + 1)]];
  const t = position - Math.floor(position);
  return { open: before.open + (after.open - before.open) * t, width: before.width + (after.width - before.width) * t };
}

/**
 * The samples of a clip as the landmark pass settles them, for the frames around each to be composited
 * as soon as it is final (one reader waits at a time).
 */
class SettlingMouths {
  private samples: MouthGeometry[] | null = null;
  private count = 0;
  private finished = false;
  private wake = () => undefined as void;

  constructor(
    private readonly period: number,
    private readonly sampleEvery: number,
  ) {}

  /** The first `count` samples are final (`samples` is null while none of them has a face). */
  settle(samples: MouthGeometry[] | null, count: number): void {
    [this.samples, this.count] = [samples, count];
    this.wake();
  }

  /** All samples are final, or none will be (the landmark pass failed). */
  finish(mouths: SampledMouths | null): void {
    [this.samples, this.count, this.finished] = [mouths?.samples ?? null, mouths?.samples.length ?? 0, true];
    this.wake();
  }

  /** The mouth at source frame `index` once the two samples on each side of it (its curve's) are final; null when they never will be. */
  async at(index: number): Promise<MouthGeometry | null> {
    const after = Math.floor((index % this.period) / this.sampleEvery) + 2;
    for (;;) {
      if (this.samples && (this.count > after || this.finished)) {
        return mouthAt({ version: 1, sampleEvery: this.sampleEvery, period: this.period, samples: this.samples }, index);
      }
      if (this.finished) return null;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}

/**
 * A real face (a photo, a clip played in a loop, or a creator's own footage) speaking: its mouth opens
 * per frame of the mouth track, and every pixel outside `mouthBox` is the source's. Returns the
 * landmarks used, for the caller to keep, with the video's size and frame rate (`video`). Throws
 * NoFaceError when there is no face.
 *
 * When the landmarks must be found, their pass and the compositing run side by side: the model runs
 * on a thread of its own (`faceModel`), and each frame is composited as soon as the samples around it
 * are settled (the first ones after a few looks, not a whole stretch), so the decoders, this thread
 * and the encoder go on while the model looks at the rest of the clip.
 */
export async function renderPhotoTalkingClip(sourcePath: string, track: readonly MouthFrame[], audioPath: string, out: string, options: PhotoClipOptions): Promise<SampledMouths> {
  const trackFps = options.trackFps ?? FPS;
  const durationSeconds = track.length / trackFps;
  checkDuration(durationSeconds);
  const plan = await planRender(sourcePath, options);
  const { input } = plan;
  const kept = options.mouths && keptMouthsFit(options.mouths, plan) ? options.mouths : undefined;
  const loop = options.loop ?? (options.footage ? 'ping-pong' : 'forward');
  const frameCount = Math.ceil(durationSeconds * input.fps - 1e-6);
  const skip = takeStart(options.seed, periodOf(input));
  // Each pass stops the other when it fails: no face stops the encoder, a failed encoder the landmark pass.
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const mouths = kept ? new SettlingMouths(kept.period, kept.sampleEvery) : new SettlingMouths(periodOf(input), input.sampleEvery);
  const sampling = kept ? Promise.resolve(kept) : sampleSource(input, signal, (samples, count) => mouths.settle(samples, count));
  sampling.then(
    (found) => mouths.finish(found),
    (error: unknown) => {
      mouths.finish(null);
      stop.abort(error);
    },
  );
  // One output buffer: the encoder has written each frame to its pipe before it asks for the next.
  const frame = Buffer.allocUnsafe(input.frame.bytes.yuv420p);
  async function* frames(): AsyncGenerator<Buffer> {
    let [index, skipped] = [0, 0];
    for await (const [source, sourceIndex] of framesToComposite(input, loop, frameCount + skip, { reuseBuffer: true, signal })) {
      // After an abort the encoder is already killed, and its error (the abort's reason) is the one reported.
      if (index >= frameCount || signal.aborted) return;
      if (skipped < skip) {
        skipped++; // before the take's start
        continue;
      }
      const geometry = await mouths.at(sourceIndex);
      if (!geometry) return;
      if (index === 0) options.onProgress?.(0.3);
      source.copy(frame);
      openMouth(frame, source, geometry, trackAt(track, trackFps, input.fps, index), input.frame);
      options.mouthPatches?.push(mouthPatch(frame, input.frame.width, innerMouthBox(geometry, input.frame.width, input.frame.height)));
      yield frame;
      index++;
      if (index % input.fps === 0) options.onProgress?.(0.3 + (0.7 * index) / frameCount);
    }
  }
  try {
    await encodeVideo({
      ...{ frames: frames(), pixelFormat: 'yuv420p', width: input.frame.width, height: input.frame.height, fps: input.fps, durationSeconds },
      ...{ audioPath, out, signal, preset: PHOTO_CLIP_PRESET, ...(options.footage && !input.isImage ? FOOTAGE_ENCODING : {}), videoFilter: plan.fill ?? undefined, captions: options.captions },
    });
    // The landmark pass may still be on the clip's last part, past the end of the video (kept for next time).
    return mouthsOfPlan(await sampling, plan);
  } catch (error) {
    stop.abort(error);
    await rm(out, { force: true });
    // When the landmark pass stopped the encoder (no face in the clip), its error is the one to report.
    throw await sampling.then(
      () => error,
      (samplingError: unknown) => samplingError,
    );
  }
}
