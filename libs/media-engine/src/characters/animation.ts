import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { PORTRAIT_SIZE, videoFormat, type VideoFormatId } from '@lipcast/contracts';
import { checkDuration, encodeJpeg, encodeVideo, loopVideo, type CaptionBurnIn } from '@lipcast/media-tools';
import type { MouthFrame } from '../lipsync/mouth-track';
import { mouthPatch } from '../lipsync/sync-score';
import { seededRandom, type CharacterLook } from './look';
import { blackFrame, blendYuv, yuvLayer, type YuvLayer } from '../yuv420';
import { backdropSvg, characterLayout, characterSvg, EYES_BOX, eyelidsSvg, FACE, MOUTH_BOX, mouthSvg, type CharacterLayout, type FrameSize } from './portrait-svg';

export const FPS = 25;
/** The idle motion (sway, nod, one blink) repeats every this many seconds, so a loop of it is seamless. */
const MOTION_PERIOD_SECONDS = 4;
const CLOSED_MOUTH: MouthFrame = { open: 0, width: 0.5 };

/** A premultiplied RGBA raster, as resvg renders it. */
interface Layer {
  pixels: Buffer;
  width: number;
  height: number;
}

/** The SVG drawn at `zoom` times its own size: vector art stays sharp at any frame size (never upscaled pixels). */
function rasterize(svg: string, zoom = 1): Layer {
  const image = new Resvg(svg, { font: { loadSystemFonts: false }, fitTo: zoom === 1 ? { mode: 'original' } : { mode: 'zoom', value: zoom } }).render();
  return { pixels: image.pixels, width: image.width, height: image.height };
}

/**
 * A layer ready to draw over yuv420p frames at any whole-pixel position: converted once per parity of
 * the position (a layer at an odd column is padded by one pixel so that it starts on a chroma block).
 */
class PlacedLayer {
  private readonly byParity = new Map<number, YuvLayer>();

  constructor(private readonly layer: Layer) {}

  drawOn(frame: Buffer, size: FrameSize, left: number, top: number): void {
    const [column, row] = [Math.round(left), Math.round(top)];
    const [padLeft, padTop] = [column & 1, row & 1];
    const parity = padLeft * 2 + padTop;
    let converted = this.byParity.get(parity);
    if (!converted) this.byParity.set(parity, (converted = yuvLayer(this.layer.pixels, this.layer.width, this.layer.height, padLeft, padTop)));
    blendYuv(frame, size, converted, column - padLeft, row - padTop);
  }
}

/**
 * How a take moves: its head's sway and nod (amplitudes in pixels; the sway's phase in periods, the
 * nod's in radians) and when in each period it blinks. Seed 0 is the first take: the motion every
 * render had before takes existed (its videos stay byte for byte the same). Another take's seed picks
 * its own (a new take of the same inputs looks alive in another way), the same for the same seed.
 */
export interface IdleStyle {
  sway: number;
  swayPhase: number;
  nod: number;
  nodPhase: number;
  /** Seconds into the period at which each blink starts (each lasts 0.2 s). */
  blinks: readonly number[];
}

const FIRST_TAKE: IdleStyle = { sway: 4, swayPhase: 0, nod: 2.5, nodPhase: 0.6, blinks: [1.6] };
const BLINK_SECONDS = 0.2;

/** The motion of take `seed` (0, or absent: the first take). */
export function idleStyle(seed = 0): IdleStyle {
  if (!seed) return FIRST_TAKE;
  const random = seededRandom(`take-${seed}`);
  const first = 0.2 + random() * 1.6;
  // One blink or two a period; a second one at least a second after the first, both inside the period (so a loop stays seamless).
  const blinks = random() < 0.5 ? [first] : [first, first + 1 + random() * (MOTION_PERIOD_SECONDS - BLINK_SECONDS - first - 1)];
  return { sway: 2.5 + random() * 3, swayPhase: random(), nod: 1.5 + random() * 2, nodPhase: random() * 2 * Math.PI, blinks };
}

/** Head sway and nod at time `t` (whole pixels), and how closed the eyes are (blinks at the style's times). */
export function idleMotion(t: number, style: IdleStyle = FIRST_TAKE): { dx: number; dy: number; eyesClosed: number } {
  const phase = (t % MOTION_PERIOD_SECONDS) / MOTION_PERIOD_SECONDS;
  const dx = Math.round(style.sway * Math.sin(2 * Math.PI * (phase + style.swayPhase)));
  const dy = Math.round(style.nod * Math.sin(4 * Math.PI * phase + style.nodPhase));
  let eyesClosed = 0;
  for (const blink of style.blinks) {
    const sinceBlink = (t % MOTION_PERIOD_SECONDS) - blink;
    if (sinceBlink >= 0 && sinceBlink < BLINK_SECONDS) eyesClosed = sinceBlink < 0.04 || sinceBlink >= 0.16 ? 0.5 : 1;
  }
  return { dx, dy, eyesClosed };
}

/**
 * Where the drawn mouth is in frame `index` of a talking clip in `format` of take `seed` (its sprite's
 * box, moving with the head): the lip-sync score reads the mouth there.
 */
export function drawnMouthBox(index: number, format?: VideoFormatId, seed?: number): { left: number; top: number; right: number; bottom: number } {
  const { scale, left, top } = characterLayout(videoFormat(format));
  const { dx, dy } = idleMotion(index / FPS, idleStyle(seed));
  const [x, y] = [left + (dx + FACE.mouth.x - MOUTH_BOX.width / 2) * scale, top + (dy + FACE.mouth.y - MOUTH_BOX.height / 2) * scale];
  return { left: Math.round(x), top: Math.round(y), right: Math.round(x + MOUTH_BOX.width * scale), bottom: Math.round(y + MOUTH_BOX.height * scale) };
}

/**
 * Renders a character's frames cheaply, as yuv420p (what the encoder takes: half the bytes of rgb24 and
 * no conversion in ffmpeg): the backdrop and the body are drawn once (per head position), the eyelids
 * and the mouth shapes rasterised once each; a frame is a copy plus two small blends. Everything is
 * drawn at the frame's own size (a format's width x height), laid out by `characterLayout`: a
 * 1080x1920 clip is drawn at 1080x1920, not scaled up from a smaller one.
 */
export class CharacterRenderer {
  readonly size: FrameSize;
  private readonly layout: CharacterLayout;
  private readonly backdrop: Buffer;
  private readonly character: PlacedLayer;
  private readonly bases = new Map<string, Buffer>();
  private readonly mouths = new Map<string, PlacedLayer>();
  private readonly eyelids = new Map<number, PlacedLayer>();
  private readonly style: IdleStyle;

  constructor(
    private readonly look: CharacterLook,
    format?: VideoFormatId,
    seed?: number,
  ) {
    this.style = idleStyle(seed);
    const { width, height } = videoFormat(format);
    this.size = { width, height };
    this.layout = characterLayout(this.size);
    this.backdrop = blackFrame(this.size);
    new PlacedLayer(rasterize(backdropSvg(look, this.size))).drawOn(this.backdrop, this.size, 0, 0);
    this.character = new PlacedLayer(rasterize(characterSvg(look), this.layout.scale));
  }

  /** The yuv420p frame at time `t` seconds with the given mouth. */
  frame(t: number, mouth: MouthFrame): Buffer {
    const { dx, dy, eyesClosed } = idleMotion(t, this.style);
    const { scale, left, top } = this.layout;
    const frame = Buffer.from(this.base(dx, dy));
    const [x, y] = [left + dx * scale, top + dy * scale];
    if (eyesClosed > 0) this.eyelidLayer(eyesClosed).drawOn(frame, this.size, x + (FACE.eyes.left + (FACE.eyes.right - FACE.eyes.left) / 2 - EYES_BOX.width / 2) * scale, y + (FACE.eyes.y - EYES_BOX.height / 2) * scale);
    this.mouthLayer(mouth).drawOn(frame, this.size, x + (FACE.mouth.x - MOUTH_BOX.width / 2) * scale, y + (FACE.mouth.y - MOUTH_BOX.height / 2) * scale);
    return frame;
  }

  private base(dx: number, dy: number): Buffer {
    const key = `${dx},${dy}`;
    let base = this.bases.get(key);
    if (!base) {
      const { scale, left, top } = this.layout;
      base = Buffer.from(this.backdrop);
      this.character.drawOn(base, this.size, left + dx * scale, top + dy * scale);
      this.bases.set(key, base);
    }
    return base;
  }

  /** Mouth shapes are quantised (13 openings x 5 widths) so each is rasterised once. */
  private mouthLayer(mouth: MouthFrame): PlacedLayer {
    const open = Math.round(Math.min(1, Math.max(0, mouth.open)) * 12) / 12;
    const width = Math.round(Math.min(1, Math.max(0, mouth.width)) * 4) / 4;
    const key = `${open},${width}`;
    let layer = this.mouths.get(key);
    if (!layer) this.mouths.set(key, (layer = new PlacedLayer(rasterize(mouthSvg(this.look, open, width), this.layout.scale))));
    return layer;
  }

  private eyelidLayer(closedness: number): PlacedLayer {
    let layer = this.eyelids.get(closedness);
    if (!layer) this.eyelids.set(closedness, (layer = new PlacedLayer(rasterize(eyelidsSvg(this.look, closedness), this.layout.scale))));
    return layer;
  }
}

export interface ClipOptions {
  /** The frame's format (the portrait card unless said). */
  format?: VideoFormatId;
  /** The take (`idleStyle`): another seed blinks, sways and nods at other times; 0 or absent, the first take. */
  seed?: number;
  /** Captions burned in by the clip's own encode, laid out for the format's frame. */
  captions?: CaptionBurnIn;
  signal?: AbortSignal;
  /** Fraction of frames written, 0..1. */
  onProgress?: (fraction: number) => void;
  /** Filled with each frame's mouth as the lip-sync score reads it (`mouthPatch` of `drawnMouthBox`): scored without decoding the video again. */
  mouthPatches?: Uint8Array[];
}

async function* frames(renderer: CharacterRenderer, mouths: readonly MouthFrame[] | number, options: ClipOptions): AsyncGenerator<Buffer> {
  const count = typeof mouths === 'number' ? mouths : mouths.length;
  for (let index = 0; index < count; index++) {
    options.signal?.throwIfAborted();
    const frame = renderer.frame(index / FPS, typeof mouths === 'number' ? CLOSED_MOUTH : mouths[index]);
    options.mouthPatches?.push(mouthPatch(frame, renderer.size.width, drawnMouthBox(index, options.format, options.seed)));
    yield frame;
    if (index % FPS === 0) options.onProgress?.(index / count);
  }
  options.onProgress?.(1);
}

/**
 * x264's preset for a drawing larger than the portrait card: superfast took about a fifth less
 * encoder CPU than veryfast at 1080x1920 for the same SSIM to the drawn frames (0.994), the file
 * about 60% larger (still under 0.5 Mbit/s).
 */
const LARGE_DRAWING_PRESET = 'superfast';
const PORTRAIT_PIXELS = PORTRAIT_SIZE.width * PORTRAIT_SIZE.height;

/** The character speaking `audioPath` with one mouth shape per frame (the clip lasts as long as the mouth track). */
export async function renderTalkingClip(look: CharacterLook, mouths: readonly MouthFrame[], audioPath: string, out: string, options: ClipOptions = {}): Promise<void> {
  checkDuration(mouths.length / FPS);
  const renderer = new CharacterRenderer(look, options.format, options.seed);
  const preset = renderer.size.width * renderer.size.height > PORTRAIT_PIXELS ? LARGE_DRAWING_PRESET : undefined;
  await encodeVideo({ frames: frames(renderer, mouths, options), pixelFormat: 'yuv420p', ...renderer.size, fps: FPS, durationSeconds: mouths.length / FPS, audioPath, out, signal: options.signal, captions: options.captions, preset });
}

/** The character waiting silently (blinking, swaying) for `durationSeconds`: one seamless period, looped. */
export async function renderIdleClip(look: CharacterLook, durationSeconds: number, out: string, format?: VideoFormatId): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'lipcast-idle-'));
  try {
    const period = join(folder, 'period.mp4');
    const renderer = new CharacterRenderer(look, format);
    await encodeVideo({ frames: frames(renderer, MOTION_PERIOD_SECONDS * FPS, {}), pixelFormat: 'yuv420p', ...renderer.size, fps: FPS, durationSeconds: MOTION_PERIOD_SECONDS, out: period });
    await loopVideo(period, durationSeconds, out);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The character's portrait (its first frame) as a JPEG, in `format` (the portrait card unless said). */
export async function renderPortrait(look: CharacterLook, out: string, format?: VideoFormatId): Promise<void> {
  const renderer = new CharacterRenderer(look, format);
  await encodeJpeg({ frame: renderer.frame(0, CLOSED_MOUTH), pixelFormat: 'yuv420p', ...renderer.size }, out);
}
