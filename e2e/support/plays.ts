import type { Locator } from '@playwright/test';
import { expect } from '../fixtures.ts';

/**
 * The video element plays (muted, so autoplay rules allow it): its time moves past `beyondSeconds`.
 * How fast is not asserted: a loaded machine decodes slower, and speed belongs to the benchmarks.
 */
export async function expectPlays(video: Locator, beyondSeconds = 0.3): Promise<void> {
  await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 }).toBeGreaterThan(beyondSeconds);
}
