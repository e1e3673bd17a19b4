import { spawn } from 'node:child_process';
import { PORTRAIT_SIZE } from '@lipcast/contracts';
import { checkDuration, checkMediaInput, encodeVideo, ffmpegPath, MAX_PIXELS_OPTION, MediaLimitMessages, ProviderError, runFfmpeg } from '@lipcast/media-tools';
import { findMouth, type MouthGeometry } from '../faces/face-landmarks';
import type { MouthFrame } from './mouth-track';

export const WIDTH = PORTRAIT_SIZE.width;
export const HEIGHT = PORTRAIT_SIZE.height;
export const FPS = 25;
/**
 * superfast: about a third less encoder time than veryfast for the same CRF, and no worse by SSIM on
 * these clips (the file is larger: CABAC stays on, fewer reference frames are searched).
 */
export const PHOTO_CLIP_PRESET = 'superfast';
/** Landmarks are found on every this-many frames of the source and interpolated between. */
const SAMPLE_EVERY = 12;

/** The mouth found in a source clip, every SAMPLE_EVERY frames over one pass of it (cacheable per clip). */
export interface SampledMouths {
  version: 1;
  sampleEvery: number;
  /** Frames in one pass of the source. */
  period: number;
  samples: MouthGeometry[];
}

export class NoFaceError extends Error {
  override name = 'NoFaceError';
}

/** A picture or clip to speak, checked against the media limits; a still is decoded once, here. */
interface Source {
  path: string;
  /** The still, scaled and cropped to 640x720 rgb24; null for a clip. */
  still: Buffer | null;
  durationSeconds: number;
}

const FIT = [`scale=${WIDTH}:${HEIGHT}:force_original_aspect_ratio=increase`, `crop=${WIDTH}:${HEIGHT}`];

async function openSource(path: string, isImage: boolean, signal?: AbortSignal): Promise<Source> {
  const input = await checkMediaInput(path, signal);
  const still = isImage
    ? await runFfmpeg([...MAX_PIXELS_OPTION, '-i', path, '-vf', FIT.join(','), '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], { captureOutput: true, signal })
    : null;
  if (still && still.length !== WIDTH * HEIGHT * 3) throw new ProviderError(MediaLimitMessages.unreadable, 'invalid-input');
  return { path, still, durationSeconds: input.durationSeconds };
}

/** Raw rgb24 frames of the source scaled to 640x720 at 25 fps, looped for ever (a still repeats); the reader stops it. */
async function* sourceFrames(source: Source, select?: string): AsyncGenerator<Buffer> {
  if (source.still) {
    // The still's one decoded frame stands for every frame (a selection of frames takes just it).
    yield source.still;
    while (!select) yield source.still;
    return;
  }
  // A selection is made before scaling, so only the frames kept are scaled (a third less time for the samples' pass).
  const filters = select ? [`fps=${FPS}`, select, ...FIT] : [...FIT, `fps=${FPS}`];
  const args = ['-hide_banner', '-loglevel', 'error', ...MAX_PIXELS_OPTION, '-stream_loop', select ? '0' : '-1', '-i', source.path, '-vf', filters.join(','), ...(select ? ['-vsync', '0'] : []), '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'];
  const child = spawn(ffmpegPath(), args, { stdio: ['ignore', 'pipe', 'ignore'] });
  const frameBytes = WIDTH * HEIGHT * 3;
  // Each pipe chunk (64 KB) is copied once, straight into its frame: gluing chunks together as they
  // come would copy every frame's bytes about twenty times.
  let frame = Buffer.allocUnsafe(frameBytes);
  let filled = 0;
  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      for (let offset = 0; offset < chunk.length; ) {
        const copied = chunk.copy(frame, filled, offset, offset + Math.min(chunk.length - offset, frameBytes - filled));
        offset += copied;
        filled += copied;
        if (filled === frameBytes) {
          yield frame;
          frame = Buffer.allocUnsafe(frameBytes);
          filled = 0;
        }
      }
    }
  } finally {
    child.kill('SIGKILL');
  }
}

/** Finds the mouth on every SAMPLE_EVERY-th frame of one pass of the clip (a still: its one frame). */
export async function sampleMouths(path: string, isImage: boolean, signal?: AbortSignal): Promise<SampledMouths> {
  return sampleSource(await openSource(path, isImage, signal), signal);
}

async function sampleSource(source: Source, signal?: AbortSignal): Promise<SampledMouths> {
  const period = source.still ? 1 : Math.max(1, Math.round(source.durationSeconds * FPS));
  const frames = sourceFrames(source, `select='not(mod(n\\,${SAMPLE_EVERY}))'`);
  const found = await findMouthsWhereNeeded(frames, (frame) => {
    signal?.throwIfAborted();
    return findMouth(frame, WIDTH, HEIGHT);
  });
  const first = found.findIndex(Boolean);
  if (first < 0) throw new NoFaceError('No face was found in this video or picture.');
  // A frame where the face was missed takes the nearest earlier one (or the first found).
  let last = found[first]!;
  const samples = found.map((geometry) => (last = geometry ?? last));
  return { version: 1, sampleEvery: SAMPLE_EVERY, period, samples };
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
 */
export async function findMouthsWhereNeeded(frames: AsyncIterable<Buffer>, detect: (frame: Buffer) => Promise<MouthGeometry | null>): Promise<(MouthGeometry | null)[]> {
  const found: (MouthGeometry | null)[] = [];
  let held: Buffer[] = [];
  let offset = 0; // index in `found` of held[0]
  const settle = async (from: number, to: number): Promise<void> => {
    if (to - from < 2) return;
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
  return found;
}

/** The mouth at source frame `index`, interpolated between the samples around it. */
export function mouthAt(mouths: SampledMouths, index: number): MouthGeometry {
  const position = (index % mouths.period) / mouths.sampleEvery;
  const before = mouths.samples[Math.min(mouths.samples.length - 1, Math.floor(position))];
  const after = mouths.samples[Math.min(mouths.samples.length - 1, Math.floor(position) + 1)];
  const t = position - Math.floor(position);
  const mix = (a: number, b: number) => a + (b - a) * t;
  return { x: mix(before.x, after.x), y: mix(before.y, after.y), width: mix(before.width, after.width), chinDrop: mix(before.chinDrop, after.chinDrop) };
}

const INTERIOR = [58, 16, 22];
const TEETH = [232, 226, 214];

/**
 * Opens the mouth of a real face in place: the jaw below the lip line is pulled down (a smooth window
 * as wide as the chin), and the opening between the lips is painted as the inside of a mouth, with
 * the upper teeth when it opens wide. `frame` is rgb24 640x720 and is changed in place.
 */
export function openMouth(frame: Buffer, source: Buffer, geometry: MouthGeometry, mouth: MouthFrame): void {
  const drop = Math.max(0, Math.min(1, mouth.open)) * 0.42 * geometry.width;
  if (drop < 0.5) return;
  const jawHalf = 0.9 * geometry.width;
  const mouthHalf = 0.5 * geometry.width * (0.75 + 0.5 * Math.max(0, Math.min(1, mouth.width)));
  const bottom = geometry.y + geometry.chinDrop * 1.35 + drop;
  const left = Math.max(0, Math.floor(geometry.x - jawHalf));
  const right = Math.min(WIDTH - 1, Math.ceil(geometry.x + jawHalf));
  const teeth = Math.min(drop * 0.3, 0.1 * geometry.width);
  for (let y = Math.max(0, Math.floor(geometry.y)); y <= Math.min(HEIGHT - 1, Math.ceil(bottom)); y++) {
    const below = y - geometry.y;
    for (let x = left; x <= right; x++) {
      const dx = (x - geometry.x) / jawHalf;
      const windowX = Math.cos((Math.PI / 2) * Math.min(1, Math.abs(dx))) ** 2;
      const fade = below <= geometry.chinDrop + drop ? 1 : Math.max(0, 1 - (below - geometry.chinDrop - drop) / (0.35 * geometry.chinDrop));
      const shift = drop * windowX * fade;
      const target = (y * WIDTH + x) * 3;
      const inMouth = Math.abs(x - geometry.x) < mouthHalf ? Math.sqrt(1 - ((x - geometry.x) / mouthHalf) ** 2) * drop : 0;
      if (below < inMouth) {
        const colour = below < teeth * (inMouth / drop) && mouth.open > 0.3 ? TEETH : INTERIOR;
        // A soft edge of about one pixel against the lips.
        const edge = Math.min(1, inMouth - below, below + 0.5);
        for (let c = 0; c < 3; c++) frame[target + c] = Math.round(colour[c] * edge + source[target + c] * (1 - edge));
        continue;
      }
      const sourceY = y - shift;
      const y0 = Math.floor(sourceY);
      const weight = sourceY - y0;
      const upper = (Math.max(0, y0) * WIDTH + x) * 3;
      const lower = (Math.min(HEIGHT - 1, y0 + 1) * WIDTH + x) * 3;
      for (let c = 0; c < 3; c++) frame[target + c] = Math.round(source[upper + c] * (1 - weight) + source[lower + c] * weight);
    }
  }
}

export interface PhotoClipOptions {
  isImage: boolean;
  /** Mouth landmarks found earlier for this clip (the caller's cache); found now when missing. */
  mouths?: SampledMouths;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

/**
 * A real face (a photo, or a clip played in a loop) speaking: its mouth opens per frame of the mouth
 * track. Returns the landmarks used, for the caller to keep. Throws NoFaceError when there is no face.
 */
export async function renderPhotoTalkingClip(sourcePath: string, track: readonly MouthFrame[], audioPath: string, out: string, options: PhotoClipOptions): Promise<SampledMouths> {
  checkDuration(track.length / FPS);
  const input = await openSource(sourcePath, options.isImage, options.signal);
  const mouths = options.mouths ?? (await sampleSource(input, options.signal));
  options.onProgress?.(0.3);
  async function* frames(): AsyncGenerator<Buffer> {
    let index = 0;
    for await (const source of sourceFrames(input)) {
      if (index >= track.length) return;
      options.signal?.throwIfAborted();
      const frame = Buffer.from(source);
      openMouth(frame, source, mouthAt(mouths, index), track[index]);
      yield frame;
      index++;
      if (index % FPS === 0) options.onProgress?.(0.3 + (0.7 * index) / track.length);
    }
  }
  await encodeVideo({ frames: frames(), width: WIDTH, height: HEIGHT, fps: FPS, durationSeconds: track.length / FPS, audioPath, out, signal: options.signal, preset: PHOTO_CLIP_PRESET });
  return mouths;
}
