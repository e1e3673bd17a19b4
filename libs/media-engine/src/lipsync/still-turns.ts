/**
 * Where a creator's own clip turns when it plays forward and backward (ping-pong): at the stillest
 * moment near each end, so the reversal falls where little moves and no one sees the head bounce back.
 * Stillness is measured on the picture itself (its luma on a coarse grid), as the frames are decoded:
 * no wait for the landmark pass, which runs alongside.
 */

/** The luma plane is sampled every this-many pixels across and down (a 720p frame: 14,400 samples). */
const GRID_STEP = 8;
/** How far from each end of the clip a turn may be: at most this long, and at most a third of the clip. */
export const TURN_WINDOW_SECONDS = 1;

/** A coarse grid of a frame's luma (the first `width` × `height` bytes of a yuv420p or gray frame). */
export function lumaGrid(frame: Buffer, width: number, height: number): Uint8Array {
  const columns = Math.ceil(width / GRID_STEP);
  const grid = new Uint8Array(columns * Math.ceil(height / GRID_STEP));
  let index = 0;
  for (let y = 0; y < height; y += GRID_STEP) for (let x = 0; x < width; x += GRID_STEP) grid[index++] = frame[y * width + x];
  return grid;
}

/** How much the picture changed between two grids: the mean absolute difference of their samples. */
export function gridChange(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let index = 0; index < a.length; index++) sum += a[index] > b[index] ? a[index] - b[index] : b[index] - a[index];
  return sum / a.length;
}

/** The frames each window around an end of a clip of `count` frames at `fps` spans: [from, to). */
export function turnWindows(count: number, fps: number): { first: [number, number]; last: [number, number] } {
  const span = Math.max(1, Math.min(Math.round(TURN_WINDOW_SECONDS * fps), Math.floor(count / 3)));
  return { first: [0, span], last: [count - span, count] };
}

/**
 * The stillest frame in [from, to) to turn at, given `change[i]`, the change from frame i-1 to frame i
 * (one per frame of the clip; change[0] is unused). A turn at t is seen in the change into t and out of
 * it, so it is scored by their sum; a frame at an end of the clip counts its one change twice. Among
 * frames within a tenth of the stillest, the one nearest `prefer` (the clip's end: more of it is played).
 */
export function stillestFrame(change: readonly number[], from: number, to: number, prefer: number): number {
  const count = change.length;
  const around = (t: number) => {
    const into = t > 0 ? change[t] : change[1];
    const out = t + 1 < count ? change[t + 1] : change[t];
    return (into ?? 0) + (out ?? 0);
  };
  const scores = Array.from({ length: to - from }, (_, offset) => around(from + offset));
  const least = Math.min(...scores);
  const stillest = scores.flatMap((score, offset) => (score <= least * 1.1 + 1e-9 ? [from + offset] : []));
  return stillest.reduce((best, frame) => (Math.abs(frame - prefer) < Math.abs(best - prefer) ? frame : best));
}
