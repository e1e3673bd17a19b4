/**
 * The spec's simulated progress for steps that report none (section 4, Creator screen): an image
 * rises 1 point every 200 ms, a video 0.5 every 600 ms, both capped at 95 until the result arrives.
 */
export const SIMULATED_PROGRESS = {
  image: { step: 1, everyMs: 200 },
  video: { step: 0.5, everyMs: 600 },
} as const;

export const SIMULATED_CAP = 95;

export function simulatedProgress(kind: keyof typeof SIMULATED_PROGRESS, elapsedMs: number): number {
  const { step, everyMs } = SIMULATED_PROGRESS[kind];
  return Math.min(SIMULATED_CAP, Math.floor(elapsedMs / everyMs) * step);
}

/**
 * What the bar shows: the server's own progress where the job streams it, else the simulation;
 * never lower than before, 100 only once the result is there.
 */
export function shownProgress(previous: number, options: { reported?: number | null; simulated: number; done: boolean }): number {
  if (options.done) return 100;
  const next = options.reported ?? options.simulated;
  return Math.max(previous, Math.min(SIMULATED_CAP, next));
}
