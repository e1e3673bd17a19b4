/**
 * How well a video's mouth follows its speech (issue 36, item 1): the mouth's opening per frame,
 * cross-correlated with the speech's loudness envelope, gives the audio-video offset (the lag with
 * the best correlation) and a confidence (that correlation, 0-1). Any provider's video can be scored:
 * all it needs is where the mouth is in each frame.
 *
 * Both signals are compared on one grid of STEP_MS, with their slow drifts taken out (a head moving
 * through light changes the mouth's brightness; loudness rises and falls over a sentence), so what is
 * compared is the syllable rhythm: the mouth opening and closing as the sound comes and goes.
 */

/** The grid both signals are compared on; the offset is refined between its steps. */
export const STEP_MS = 10;
/** How far apart sound and picture are looked for, each way. */
export const SEARCH_MS = 500;
/** Drifts slower than this are taken out of both signals before they are compared. */
const DRIFT_MS = 800;

export interface SyncScore {
  /** How late the sound is against the mouth, in ms (negative: the sound comes first). */
  offsetMs: number;
  /** The correlation of mouth and sound at that offset, 0 (unrelated) to 1. */
  confidence: number;
}

/** The speech's loudness every STEP_MS: the RMS of mono samples in a window of two steps centred there. */
export function speechEnvelope(samples: Int16Array | Float32Array, sampleRate: number): Float64Array {
  const step = (sampleRate * STEP_MS) / 1000;
  const envelope = new Float64Array(Math.floor(samples.length / step));
  for (let index = 0; index < envelope.length; index++) {
    const [from, to] = [Math.max(0, Math.round((index - 1) * step)), Math.min(samples.length, Math.round((index + 1) * step))];
    let sum = 0;
    for (let at = from; at < to; at++) sum += samples[at] * samples[at];
    envelope[index] = Math.sqrt(sum / Math.max(1, to - from));
  }
  return envelope;
}

/** Per-frame values (frame i shown from i/fps) on the STEP_MS grid, lasting `length` steps: linear between frame centres. */
export function framesOnGrid(values: readonly number[], fps: number, length: number): Float64Array {
  const grid = new Float64Array(length);
  for (let index = 0; index < length; index++) {
    const position = Math.min(values.length - 1, Math.max(0, ((index * STEP_MS) / 1000) * fps - 0.5));
    const before = Math.floor(position);
    const after = Math.min(values.length - 1, before + 1);
    grid[index] = values[before] + (values[after] - values[before]) * (position - before);
  }
  return grid;
}

/** The signal less its moving average over DRIFT_MS (what moves faster than a drift). */
function withoutDrift(signal: Float64Array): Float64Array {
  const half = Math.round(DRIFT_MS / STEP_MS / 2);
  const prefix = new Float64Array(signal.length + 1);
  signal.forEach((value, index) => (prefix[index + 1] = prefix[index] + value));
  return signal.map((value, index) => {
    const [from, to] = [Math.max(0, index - half), Math.min(signal.length, index + half + 1)];
    return value - (prefix[to] - prefix[from]) / (to - from);
  });
}

/** Pearson's correlation of mouth[t] with sound[t + lag] over the steps both cover. */
function correlationAt(mouth: Float64Array, sound: Float64Array, lag: number): number {
  const from = Math.max(0, -lag);
  const to = Math.min(mouth.length, sound.length - lag);
  const count = to - from;
  if (count < 2) return 0;
  let [sumM, sumS] = [0, 0];
  for (let t = from; t < to; t++) [sumM, sumS] = [sumM + mouth[t], sumS + sound[t + lag]];
  const [meanM, meanS] = [sumM / count, sumS / count];
  let [sxy, sxx, syy] = [0, 0, 0];
  for (let t = from; t < to; t++) {
    const [dm, ds] = [mouth[t] - meanM, sound[t + lag] - meanS];
    [sxy, sxx, syy] = [sxy + dm * ds, sxx + dm * dm, syy + ds * ds];
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : 0;
}

/**
 * The offset and confidence of a mouth signal (per frame at `fps`: larger is more open) against the
 * speech envelope (`speechEnvelope`). The best lag is refined between grid steps by the parabola
 * through it and its neighbours.
 */
export function estimateSync(openings: readonly number[], fps: number, envelope: Float64Array): SyncScore {
  const mouth = withoutDrift(framesOnGrid(openings, fps, envelope.length));
  const sound = withoutDrift(envelope);
  const reach = Math.round(SEARCH_MS / STEP_MS);
  const correlations = Array.from({ length: 2 * reach + 1 }, (_, index) => correlationAt(mouth, sound, index - reach));
  const best = correlations.indexOf(Math.max(...correlations));
  let refined = best;
  if (best > 0 && best < correlations.length - 1) {
    const [a, b, c] = [correlations[best - 1], correlations[best], correlations[best + 1]];
    const curvature = a - 2 * b + c;
    if (curvature < 0) refined = best + (0.5 * (a - c)) / curvature;
  }
  return { offsetMs: Math.round((refined - reach) * STEP_MS), confidence: Math.max(0, Math.min(1, correlations[best])) };
}

/** A box in a frame's pixels (right and bottom excluded). */
export interface PixelBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The mouth is read on a patch of this many samples across and down, whatever its size in the frame. */
const PATCH = { columns: 24, rows: 16 } as const;

/** The luma inside `box` of one frame (`width` wide) on the fixed PATCH grid (nearest sample, inside the frame), so boxes of any size compare. */
export function mouthPatch(luma: Buffer, width: number, box: PixelBox): Uint8Array {
  const patch = new Uint8Array(PATCH.columns * PATCH.rows);
  const [across, down] = [(box.right - box.left) / PATCH.columns, (box.bottom - box.top) / PATCH.rows];
  const lastRow = Math.floor(luma.length / width) - 1;
  for (let row = 0; row < PATCH.rows; row++) {
    const y = Math.max(0, Math.min(lastRow, Math.floor(box.top + (row + 0.5) * down)));
    for (let column = 0; column < PATCH.columns; column++) {
      const x = Math.max(0, Math.min(width - 1, Math.floor(box.left + (column + 0.5) * across)));
      patch[row * PATCH.columns + column] = luma[y * width + x];
    }
  }
  return patch;
}

/**
 * How a mouth's opening is read from its patches: `change`, how far each is from the mouth's usual
 * look (each sample's median over the video; no colour assumed: a painted opening and a real one with
 * its teeth both move away from the rest); `darkness`, for our drawn actors, whose open mouth is a
 * dark shape that grows (their sprites change width as much as height, which `change` reads as
 * opening too: 3 of 7 drawn renders were then scored hundreds of ms off, none this way).
 */
export type MouthReading = 'change' | 'darkness';

/** How open the mouth is in each frame, read from its patches (`MouthReading`): larger is more open. */
export function openingsOf(patches: readonly Uint8Array[], reading: MouthReading = 'change'): number[] {
  if (patches.length === 0) return [];
  if (reading === 'darkness') return patches.map((patch) => 255 - patch.reduce((sum, value) => sum + value, 0) / patch.length);
  const size = patches[0].length;
  const usual = new Uint8Array(size);
  const values = new Uint8Array(patches.length);
  for (let sample = 0; sample < size; sample++) {
    patches.forEach((patch, index) => (values[index] = patch[sample]));
    usual[sample] = values.sort()[values.length >> 1];
  }
  return patches.map((patch) => {
    let sum = 0;
    for (let sample = 0; sample < size; sample++) sum += Math.abs(patch[sample] - usual[sample]);
    return sum / size;
  });
}

/** The part of a real face's mouth box where the lips part (between the corners, from the lip line down), clipped to the frame. */
export function innerMouthBox(geometry: { x: number; y: number; width: number }, frameWidth: number, frameHeight: number): PixelBox {
  const clip = (value: number, limit: number) => Math.max(0, Math.min(limit, Math.round(value)));
  return {
    left: clip(geometry.x - 0.3 * geometry.width, frameWidth),
    top: clip(geometry.y - 0.05 * geometry.width, frameHeight),
    right: clip(geometry.x + 0.3 * geometry.width, frameWidth),
    bottom: clip(geometry.y + 0.3 * geometry.width, frameHeight),
  };
}
