import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { checkDuration, encodeJpeg, encodeVideo, loopVideo } from '@lipcast/media-tools';
import type { MouthFrame } from '../lipsync/mouth-track';
import type { CharacterLook } from './look';
import { backdropSvg, characterSvg, EYES_BOX, eyelidsSvg, FACE, HEIGHT, MOUTH_BOX, mouthSvg, WIDTH } from './portrait-svg';

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

function rasterize(svg: string): Layer {
  const image = new Resvg(svg, { font: { loadSystemFonts: false } }).render();
  return { pixels: image.pixels, width: image.width, height: image.height };
}

/** Draws `layer` over the rgb24 `frame` with its top-left corner at (left, top); clipped to the frame. */
function blend(frame: Buffer, layer: Layer, left: number, top: number): void {
  const { pixels, width, height } = layer;
  for (let y = Math.max(0, -top); y < height && y + top < HEIGHT; y++) {
    let source = y * width * 4;
    let target = ((y + top) * WIDTH + left) * 3;
    for (let x = 0; x < width; x++, source += 4, target += 3) {
      const alpha = pixels[source + 3];
      const column = x + left;
      if (alpha === 0 || column < 0 || column >= WIDTH) continue;
      if (alpha === 255) {
        frame[target] = pixels[source];
        frame[target + 1] = pixels[source + 1];
        frame[target + 2] = pixels[source + 2];
      } else {
        const keep = 255 - alpha;
        frame[target] = pixels[source] + ((frame[target] * keep + 127) / 255) | 0;
        frame[target + 1] = pixels[source + 1] + ((frame[target + 1] * keep + 127) / 255) | 0;
        frame[target + 2] = pixels[source + 2] + ((frame[target + 2] * keep + 127) / 255) | 0;
      }
    }
  }
}

/** Head sway and nod at time `t` (whole pixels), and how closed the eyes are (a blink once a period). */
export function idleMotion(t: number): { dx: number; dy: number; eyesClosed: number } {
  const phase = (t % MOTION_PERIOD_SECONDS) / MOTION_PERIOD_SECONDS;
  const dx = Math.round(4 * Math.sin(2 * Math.PI * phase));
  const dy = Math.round(2.5 * Math.sin(4 * Math.PI * phase + 0.6));
  const sinceBlink = t % MOTION_PERIOD_SECONDS - 1.6;
  const eyesClosed = sinceBlink >= 0 && sinceBlink < 0.2 ? (sinceBlink < 0.04 || sinceBlink >= 0.16 ? 0.5 : 1) : 0;
  return { dx, dy, eyesClosed };
}

/**
 * Renders a character's frames cheaply: the backdrop and the body are rasterised once (per head
 * position), the eyelids and the mouth shapes once each; a frame is a copy plus two small blends.
 */
export class CharacterRenderer {
  private readonly backdrop: Buffer;
  private readonly character: Layer;
  private readonly bases = new Map<string, Buffer>();
  private readonly mouths = new Map<string, Layer>();
  private readonly eyelids = new Map<number, Layer>();

  constructor(private readonly look: CharacterLook) {
    const backdrop = rasterize(backdropSvg(look));
    this.backdrop = Buffer.alloc(WIDTH * HEIGHT * 3);
    blend(this.backdrop, backdrop, 0, 0);
    this.character = rasterize(characterSvg(look));
  }

  /** The rgb24 frame at time `t` seconds with the given mouth. */
  frame(t: number, mouth: MouthFrame): Buffer {
    const { dx, dy, eyesClosed } = idleMotion(t);
    const frame = Buffer.from(this.base(dx, dy));
    if (eyesClosed > 0) blend(frame, this.eyelidLayer(eyesClosed), FACE.eyes.left + (FACE.eyes.right - FACE.eyes.left) / 2 - EYES_BOX.width / 2 + dx, FACE.eyes.y - EYES_BOX.height / 2 + dy);
    blend(frame, this.mouthLayer(mouth), FACE.mouth.x - MOUTH_BOX.width / 2 + dx, FACE.mouth.y - MOUTH_BOX.height / 2 + dy);
    return frame;
  }

  private base(dx: number, dy: number): Buffer {
    const key = `${dx},${dy}`;
    let base = this.bases.get(key);
    if (!base) {
      base = Buffer.from(this.backdrop);
      blend(base, this.character, dx, dy);
      this.bases.set(key, base);
    }
    return base;
  }

  /** Mouth shapes are quantised (13 openings x 5 widths) so each is rasterised once. */
  private mouthLayer(mouth: MouthFrame): Layer {
    const open = Math.round(Math.min(1, Math.max(0, mouth.open)) * 12) / 12;
    const width = Math.round(Math.min(1, Math.max(0, mouth.width)) * 4) / 4;
    const key = `${open},${width}`;
    let layer = this.mouths.get(key);
    if (!layer) this.mouths.set(key, (layer = rasterize(mouthSvg(this.look, open, width))));
    return layer;
  }

  private eyelidLayer(closedness: number): Layer {
    let layer = this.eyelids.get(closedness);
    if (!layer) this.eyelids.set(closedness, (layer = rasterize(eyelidsSvg(this.look, closedness))));
    return layer;
  }
}

export interface ClipOptions {
  signal?: AbortSignal;
  /** Fraction of frames written, 0..1. */
  onProgress?: (fraction: number) => void;
}

async function* frames(renderer: CharacterRenderer, mouths: readonly MouthFrame[] | number, options: ClipOptions): AsyncGenerator<Buffer> {
  const count = typeof mouths === 'number' ? mouths : mouths.length;
  for (let index = 0; index < count; index++) {
    options.signal?.throwIfAborted();
    yield renderer.frame(index / FPS, typeof mouths === 'number' ? CLOSED_MOUTH : mouths[index]);
    if (index % FPS === 0) options.onProgress?.(index / count);
  }
  options.onProgress?.(1);
}

/** The character speaking `audioPath` with one mouth shape per frame (the clip lasts as long as the mouth track). */
export async function renderTalkingClip(look: CharacterLook, mouths: readonly MouthFrame[], audioPath: string, out: string, options: ClipOptions = {}): Promise<void> {
  checkDuration(mouths.length / FPS);
  const renderer = new CharacterRenderer(look);
  await encodeVideo({ frames: frames(renderer, mouths, options), width: WIDTH, height: HEIGHT, fps: FPS, durationSeconds: mouths.length / FPS, audioPath, out, signal: options.signal });
}

/** The character waiting silently (blinking, swaying) for `durationSeconds`: one seamless period, looped. */
export async function renderIdleClip(look: CharacterLook, durationSeconds: number, out: string): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'lipcast-idle-'));
  try {
    const period = join(folder, 'period.mp4');
    const renderer = new CharacterRenderer(look);
    await encodeVideo({ frames: frames(renderer, MOTION_PERIOD_SECONDS * FPS, {}), width: WIDTH, height: HEIGHT, fps: FPS, durationSeconds: MOTION_PERIOD_SECONDS, out: period });
    await loopVideo(period, durationSeconds, out);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The character's portrait (its first frame) as a JPEG. */
export async function renderPortrait(look: CharacterLook, out: string): Promise<void> {
  await encodeJpeg(new CharacterRenderer(look).frame(0, CLOSED_MOUTH), WIDTH, HEIGHT, out);
}
