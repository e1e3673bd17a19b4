import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { signIn } from '../support/sign-in.ts';

/**
 * Issue 37, "a creator's second session": finding one's way through the wizard on a laptop and on a
 * phone, by pointer and by keyboard. Each check failed before its item was fixed.
 */

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Whether two elements' boxes on screen overlap. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [one, two] = [await a.boundingBox(), await b.boundingBox()];
  if (!one || !two) return false;
  return one.x < two.x + two.width && two.x < one.x + one.width && one.y < two.y + two.height && two.y < one.y + one.height;
}

async function writeAndGenerateAudio(page: Page, text: string): Promise<void> {
  await page.getByLabel('Dialogue').fill(text);
  await page.getByRole('button', { name: 'Generate Audio' }).click();
  await expect(page.getByLabel('Audio preview')).toBeVisible({ timeout: 30_000 });
}

for (const [name, viewport] of [
  ['laptop', LAPTOP],
  ['phone', PHONE],
] as const) {
  test(`on a ${name}, each step is reached without scrolling and starts at its title, and no toast covers the audio preview`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, `second-${name}-${Date.now().toString(36)}`);
    await page.goto('/create');
    await expect(page.getByRole('heading', { level: 1, name: 'Select Your Actor' })).toBeVisible();
    // The first Tab stop skips the header's links (item 6).
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();

    // Step 1's Continue is in reach without scrolling (item 5): about 1,250 px below the fold on a laptop before.
    const next = page.getByRole('button', { name: 'Continue to Audio Generation' });
    await expect(next).toBeInViewport({ ratio: 1 });
    await next.click();

    // The new step starts at its title, in view and focused (item 4).
    const title = page.getByRole('heading', { level: 1, name: 'Create Audio' });
    await expect(title).toBeFocused();
    await expect(title).toBeInViewport();

    await writeAndGenerateAudio(page, 'Hello from my second session.');
    const toast = page.locator('[data-variant="success"]', { hasText: 'Audio Generated' });
    await expect(toast).toBeVisible();
    // The preview is what the creator listens to next: no toast lies over it (item 13).
    const preview = page.getByLabel('Audio preview');
    await preview.scrollIntoViewIfNeeded();
    expect(await overlap(toast, preview)).toBe(false);
  });
}
