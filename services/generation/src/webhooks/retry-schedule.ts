/** `WEBHOOK_RETRY_SCHEDULE`: waits such as `30s,1m,5m,1h` (ms, s, m, h), one per retry. */
export const RETRY_SCHEDULE_PATTERN = /^\s*\d+(?:\.\d+)?\s*(?:ms|s|m|h)\s*(?:,\s*\d+(?:\.\d+)?\s*(?:ms|s|m|h)\s*)*$/;

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;

/** The waits in milliseconds, in order: the n-th is the wait after the n-th failed attempt. */
export function parseRetrySchedule(schedule: string): number[] {
  if (!RETRY_SCHEDULE_PATTERN.test(schedule)) throw new Error(`not a retry schedule: "${schedule}" (durations like "30s,1m,5m,1h")`);
  return schedule.split(',').map((step) => {
    const [, amount, unit] = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)\s*$/.exec(step)!;
    return Math.round(Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS]);
  });
}

/** The wait before the attempt after failed attempt number `failedAttempt` (1-based), or null when the schedule is over. */
export function nextRetryDelay(schedule: readonly number[], failedAttempt: number): number | null {
  return schedule[failedAttempt - 1] ?? null;
}
