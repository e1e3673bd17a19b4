/** For tests: polls until `probe` returns something truthy (returned), or fails after the deadline. */
export async function pollUntil<T>(probe: () => T | undefined | null | false | Promise<T | undefined | null | false>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * For tests that count against a UTC day (the daily quotas): waits out the last `seconds` before
 * 00:00 UTC, so every count of one test falls in the same day (a CI run near midnight spent two
 * previews on one day and asked for the third on the next).
 */
export async function sameUtcDayFor(seconds: number): Promise<void> {
  const now = Date.now();
  const msToMidnight = 86_400_000 - (now % 86_400_000);
  if (msToMidnight < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, msToMidnight + 1000));
}
