import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { DEFAULT_VIDEO_FORMAT, PORTRAIT_SIZE, type VideoFormatId } from '@lipcast/contracts';
import { checkDuration, checkMediaInput, encodeVideo, type CaptionBurnIn, ffmpegPath, MAX_PIXELS_OPTION, MediaLimitMessages, ProviderError, runFfmpeg, type InputSize } from '@lipcast/media-tools';
import { findMouth, type MouthGeometry } from '../faces/face-landmarks';
import { rgbToYuv } from '../yuv420';
import { findFaceCentre, framingFor } from './framing';
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
  /** Where the face's centre is in the source (0..1), the framing's anchor, for a format other than the portrait card. */
  face?: { x: number; y: number };
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
  /** Where in the work frame the landmark model looks (a format's frame; the portrait card's: all of it). */
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

function lookWindow(work: { width: number; height: number; fit: string[] }, faceX: number): LookWindow {
  const width = Math.min(work.width, 2 * Math.round((work.height * WIDTH) / HEIGHT / 2));
  const left = Math.round(Math.min(work.width - width, Math.max(0, faceX - width / 2)));
  const lookHeight = 2 * Math.round((work.height * Math.min(1, LOOK_HEIGHT / work.height)) / 2);
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
  return { path, isImage, durationSeconds: input.durationSeconds, size: input, frame: PORTRAIT_CARD };
}

/** A still, scaled and cropped to the work frame, decoded once for each pass that needs it (one frame each). */
async function decodeStill(source: Source, format: PixelFormat, signal?: AbortSignal): Promise<Buffer> {
  const args = [...MAX_PIXELS_OPTION, '-i', source.path, '-vf', source.frame.fit.join(','), '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', format, 'pipe:1'];
  const still = await runFfmpeg(args, { captureOutput: true, signal });
  if (still.length !== source.frame.bytes[format]) throw new ProviderError(MediaLimitMessages.unreadable, 'invalid-input');
  return still;
}

interface FrameReading {
  /** An ffmpeg `select` filter: only the frames it keeps, one pass of the clip. */
  select?: string;
  /**
   * One buffer for every frame, refilled when the reader asks for the next one (a reader that is done
   * with each frame by then): a fresh buffer per frame cost about 0.4 s of CPU per 15 s clip in GC.
   */
  reuseBuffer?: boolean;
  signal?: AbortSignal;
}

/** Raw frames of the source in its work frame at 25 fps, looped for ever (a still repeats); the reader stops it. */
async function* sourceFrames(source: Source, format: PixelFormat, options: FrameReading = {}): AsyncGenerator<Buffer> {
  const { select, reuseBuffer, signal } = options;
  const fit = source.frame.fit;
  if (source.isImage) {
    // The still's one decoded frame stands for every frame (a selection of frames takes just it).
    const still = await decodeStill(source, format, signal);
    yield still;
    while (!select) yield still;
    return;
  }
  // A selection is made before scaling, so only the frames kept are scaled (a third less time for the samples' pass).
  const filters = select ? [`fps=${FPS}`, select, ...fit] : [...fit, `fps=${FPS}`];
  const args = ['-hide_banner', '-loglevel', 'error', ...MAX_PIXELS_OPTION, '-stream_loop', select ? '0' : '-1', '-i', source.path, '-vf', filters.join(','), ...(select ? ['-vsync', '0'] : []), '-f', 'rawvideo', '-pix_fmt', format, 'pipe:1'];
  const child = spawn(ffmpegPath(), args, { stdio: ['ignore', 'pipe', 'ignore'] });
  // An abort stops the decoder even when its reader never asks for another frame (a killed encoder).
  const kill = () => child.kill('SIGKILL');
  signal?.addEventListener('abort', kill, { once: true });
  const frameBytes = source.frame.bytes[format];
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
          if (!reuseBuffer) frame = Buffer.allocUnsafe(frameBytes);
          filled = 0;
        }
      }
    }
  } finally {
    signal?.removeEventListener('abort', kill);
    kill();
  }
}

/** Finds the mouth on every SAMPLE_EVERY-th frame of one pass of the clip (a still: its one frame). */
export async function sampleMouths(path: string, isImage: boolean, signal?: AbortSignal): Promise<SampledMouths> {
  return sampleSource(await openSource(path, isImage, signal), signal);
}

/** Frames in one pass of the source (a still: one). */
const periodOf = (source: Source) => (source.isImage ? 1 : Math.max(1, Math.round(source.durationSeconds * FPS)));

/** The samples settled so far: the first `count` of the clip's, final (null while no face is found in them). */
type OnSettled = (samples: MouthGeometry[] | null, count: number) => void;

async function sampleSource(source: Source, signal?: AbortSignal, onSettled?: OnSettled): Promise<SampledMouths> {
  const period = periodOf(source);
  const { look } = source;
  const frames = sourceFrames(look ? { ...source, frame: look.frame } : source, 'rgb24', { select: `select='not(mod(n\\,${SAMPLE_EVERY}))'`, signal });
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
  return { version: 1, sampleEvery: SAMPLE_EVERY, period, samples };
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
 * `onSettled` is told, after each stretch, how many of the frames' mouths are final (and given them all).
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
    onSettled?.(found, offset + 1);
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

/** The mouth at source frame `index`, interpolated between the samples around it. */
export function mouthAt(mouths: SampledMouths, index: number): MouthGeometry {
  const position = (index % mouths.period) / mouths.sampleEvery;
  const before = mouths.samples[Math.min(mouths.samples.length - 1, Math.floor(position))];
  const after = mouths.samples[Math.min(mouths.samples.length - 1, Math.floor(position) + 1)];
  return mixMouths(before, after, position - Math.floor(position));
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
const PORTRAIT_CARD = workFrame(WIDTH, HEIGHT, [`scale=${WIDTH}:${HEIGHT}:force_original_aspect_ratio=increase`, `crop=${WIDTH}:${HEIGHT}`]);

/**
 * Opens the mouth of a real face in place: the jaw below the lip line is pulled down (a smooth window
 * as wide as the chin), and the opening between the lips is painted as the inside of a mouth, with
 * the upper teeth when it opens wide. `frame` is yuv420p in the work frame (the portrait card's
 * 640x720 unless said) and is changed in place; `source` is the frame as decoded.
 */
export function openMouth(frame: Buffer, source: Buffer, geometry: MouthGeometry, mouth: MouthFrame, work: WorkFrame = PORTRAIT_CARD): void {
  if (Math.max(0, Math.min(1, mouth.open)) * 0.42 * geometry.width < 0.5) return;
  openMouthInPlane(frame, source, work.luma, geometry, mouth);
  openMouthInPlane(frame, source, work.chroma, geometry, mouth);
}

function openMouthInPlane(frame: Buffer, source: Buffer, plane: Plane, geometry: MouthGeometry, mouth: MouthFrame): void {
  const { width: planeWidth, height: planeHeight, scale, channels } = plane;
  // Pixel centres: a chroma sample sits in the middle of the 2x2 luma pixels it covers.
  const centreX = (geometry.x + 0.5) * scale - 0.5;
  const lipLine = (geometry.y + 0.5) * scale - 0.5;
  const mouthWidth = geometry.width * scale;
  const chinDrop = geometry.chinDrop * scale;
  const drop = Math.max(0, Math.min(1, mouth.open)) * 0.42 * mouthWidth;
  const jawHalf = 0.9 * mouthWidth;
  const mouthHalf = 0.5 * mouthWidth * (0.75 + 0.5 * Math.max(0, Math.min(1, mouth.width)));
  const bottom = lipLine + chinDrop * 1.35 + drop;
  const left = Math.max(0, Math.floor(centreX - jawHalf));
  const right = Math.min(planeWidth - 1, Math.ceil(centreX + jawHalf));
  const teeth = Math.min(drop * 0.3, 0.1 * mouthWidth);
  // What depends on the column alone, worked out once per column rather than once per pixel.
  const jawWindow = new Float64Array(right - left + 1);
  const mouthDepth = new Float64Array(right - left + 1);
  for (let x = left; x <= right; x++) {
    jawWindow[x - left] = Math.cos((Math.PI / 2) * Math.min(1, Math.abs((x - centreX) / jawHalf))) ** 2;
    mouthDepth[x - left] = Math.abs(x - centreX) < mouthHalf ? Math.sqrt(1 - ((x - centreX) / mouthHalf) ** 2) * drop : 0;
  }
  for (let y = Math.max(0, Math.floor(lipLine)); y <= Math.min(planeHeight - 1, Math.ceil(bottom)); y++) {
    const below = y - lipLine;
    const fade = below <= chinDrop + drop ? 1 : Math.max(0, 1 - (below - chinDrop - drop) / (0.35 * chinDrop));
    for (let x = left; x <= right; x++) {
      const shift = drop * jawWindow[x - left] * fade;
      const target = y * planeWidth + x;
      const inMouth = mouthDepth[x - left];
      if (below < inMouth) {
        const isTeeth = below < teeth * (inMouth / drop) && mouth.open > 0.3;
        // A soft edge of about one pixel against the lips.
        const edge = Math.min(1, inMouth - below, below + 0.5);
        for (const { offset, interior, teeth: teethValue } of channels) {
          frame[offset + target] = Math.round((isTeeth ? teethValue : interior) * edge + source[offset + target] * (1 - edge));
        }
        continue;
      }
      const sourceY = y - shift;
      const y0 = Math.floor(sourceY);
      const weight = sourceY - y0;
      const upper = Math.max(0, y0) * planeWidth + x;
      const lower = Math.min(planeHeight - 1, y0 + 1) * planeWidth + x;
      for (const { offset } of channels) frame[offset + target] = Math.round(source[offset + upper] * (1 - weight) + source[offset + lower] * weight);
    }
  }
}

export interface PhotoClipOptions {
  isImage: boolean;
  /** The video's format (the portrait card unless said): another is framed around the face, with a blurred fill where the source is narrower. */
  format?: VideoFormatId;
  /** Mouth landmarks found earlier for this clip in this format (the caller's cache, kept per format); found now when missing. */
  mouths?: SampledMouths;
  /** Captions burned in by the render's own encode, laid out for the format's frame. */
  captions?: CaptionBurnIn;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
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

  /** The mouth at source frame `index` once the samples on both sides of it are final; null when they never will be. */
  async at(index: number): Promise<MouthGeometry | null> {
    const after = Math.floor((index % this.period) / this.sampleEvery) + 1;
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
 * A real face (a photo, or a clip played in a loop) speaking: its mouth opens per frame of the mouth
 * track. Returns the landmarks used, for the caller to keep. Throws NoFaceError when there is no face.
 *
 * When the landmarks must be found, their pass and the compositing run side by side: each frame is
 * composited as soon as the samples around it are settled, so the decoder and encoder keep the other
 * core busy while the model looks at the rest of the clip (run one after the other, a core sat idle
 * through the landmark pass).
 */
export async function renderPhotoTalkingClip(sourcePath: string, track: readonly MouthFrame[], audioPath: string, out: string, options: PhotoClipOptions): Promise<SampledMouths> {
  checkDuration(track.length / FPS);
  const opened = await openSource(sourcePath, options.isImage, options.signal);
  // Another format than the portrait card is framed around the face. Its kept landmarks come with the
  // face's centre they were framed on: the same framing, and no look for the face (without it they are not its).
  const framed = !!options.format && options.format !== DEFAULT_VIDEO_FORMAT;
  if (framed && !options.mouths?.face) options = { ...options, mouths: undefined };
  const faceAt = framed ? (options.mouths?.face ?? (await findFaceCentre(sourcePath, opened.size, options.signal))) : undefined;
  const framing = await framingFor(sourcePath, opened.size, options.format, options.signal, faceAt);
  const work = framing && workFrame(framing.working.width, framing.working.height, framing.decode);
  const input: Source = framing && work ? { ...opened, frame: work, look: lookWindow(work, framing.face.x) } : opened;
  // Each pass stops the other when it fails: no face stops the encoder, a failed encoder the landmark pass.
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const mouths = options.mouths ? new SettlingMouths(options.mouths.period, options.mouths.sampleEvery) : new SettlingMouths(periodOf(input), SAMPLE_EVERY);
  const sampling = options.mouths ? Promise.resolve(options.mouths) : sampleSource(input, signal, (samples, count) => mouths.settle(samples, count));
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
    let index = 0;
    for await (const source of sourceFrames(input, 'yuv420p', { reuseBuffer: true, signal })) {
      // After an abort the encoder is already killed, and its error (the abort's reason) is the one reported.
      if (index >= track.length || signal.aborted) return;
      const geometry = await mouths.at(index);
      if (!geometry) return;
      if (index === 0) options.onProgress?.(0.3);
      source.copy(frame);
      openMouth(frame, source, geometry, track[index], input.frame);
      yield frame;
      index++;
      if (index % FPS === 0) options.onProgress?.(0.3 + (0.7 * index) / track.length);
    }
  }
  try {
    await encodeVideo({
      ...{ frames: frames(), pixelFormat: 'yuv420p', width: input.frame.width, height: input.frame.height, fps: FPS, durationSeconds: track.length / FPS },
      ...{ audioPath, out, signal, preset: PHOTO_CLIP_PRESET, videoFilter: framing?.fill ?? undefined, captions: options.captions },
    });
    // The landmark pass may still be on the clip's last part, past the end of the video (kept for next time).
    const found = await sampling;
    return faceAt ? { ...found, face: faceAt } : found;
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
