import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { signIn } from '../support/sign-in.ts';

/**
 * Issue 37, items 9 and 11: /projects manages videos (rename, download, open in the wizard, delete)
 * while /profile keeps the history, whose audio-only card makes its video; and a video whose captions
 * are burned in does not show them a second time through the player's track.
 */

/** From the actor grid to step 3 with a new audio saying `text`. */
async function audioOnStep3(page: Page, text: string): Promise<void> {
  await page.goto('/create');
  await page.getByRole('button', { name: 'Continue to Audio Generation' }).click();
  await page.getByLabel('Dialogue').fill(text);
  await page.getByRole('button', { name: 'Generate Audio' }).click();
  await expect(page.getByLabel('Audio preview')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Generate Video' })).toBeVisible();
}

/** Serious or critical axe findings (WCAG 2.1 AA) on the page as it is. */
async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? '')).map((violation) => `${violation.id} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** A video's card on /projects, by the name its heading shows. */
const videoCard = (page: Page, name: string) => page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });

test('a video is managed on /projects, captions burned in show once, and an audio-only item of /profile makes its video in the wizard', async ({ page, consoleErrors }) => {
  test.setTimeout(180_000); // a render with burned-in captions on a shared machine
  await signIn(page, `projects${Date.now().toString(36)}`);

  // A video with bold captions burned into the picture.
  await audioOnStep3(page, 'Our spring launch starts today.');
  const actorLine = await page.getByText(/^Put your audio on /).textContent();
  await page.getByRole('radiogroup', { name: 'Burned-in captions' }).getByRole('radio', { name: 'Bold, word by word' }).check();
  await page.getByRole('button', { name: 'Generate Video' }).click();
  await expect(page.getByLabel('Generated video', { exact: true })).toBeVisible({ timeout: 120_000 });
  // And an audio left without its video.
  await audioOnStep3(page, 'This one still waits for its video.');

  await page.goto('/projects');
  const video = page.getByLabel(/^Video \d+$/);
  await expect(video).toHaveCount(1); // the audio alone is the history's, not a video to manage
  const number = (await video.getAttribute('aria-label'))!.replace('Video ', '');
  const card = videoCard(page, `Video ${number}`);
  // Item 11: burned in already, the track starts off (it was on, so the words showed twice).
  await expect(card.getByRole('button', { name: 'Show captions' })).toHaveAttribute('aria-pressed', 'false');
  expect(await video.locator('track[kind="captions"]').evaluate((track) => track.hasAttribute('default'))).toBe(false);
  await expect(card.getByRole('link', { name: 'Download Video' })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  // Rename: the name is stored, so it stays after a reload.
  await card.getByRole('button', { name: `Rename Video ${number}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename video' });
  await expect(dialog.getByLabel('Video name')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await dialog.getByLabel('Video name').fill('Spring launch teaser');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Spring launch teaser' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Spring launch teaser' })).toBeVisible();
  // The route validates the name and renames only the caller's own items.
  expect((await page.request.patch(`/api/projects/${number}`, { data: { title: 'x'.repeat(101) } })).status()).toBe(400);
  expect((await page.request.patch('/api/projects/2147483647', { data: { title: 'Not mine' } })).status()).toBe(404);

  // Open in the wizard: step 3, on the same actor, with the same words.
  await page.getByRole('button', { name: 'Open in the wizard: Spring launch teaser' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Generate Video' })).toBeVisible();
  await expect(page.getByText(actorLine!, { exact: true })).toBeVisible();

  // /profile keeps the history: both items, and the audio-only one makes its video in the wizard.
  await page.goto('/profile');
  await expect(page.getByRole('tab', { name: 'All Generations' })).toBeVisible();
  await expect(page.getByText('Audio ready, video pending.')).toHaveCount(1);
  await page.getByRole('button', { name: 'Make the video' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Generate Video' })).toBeVisible();
  await expect(page.getByText(actorLine!, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Generate Video' }).click();
  await expect(page.getByLabel('Generated video', { exact: true })).toBeVisible({ timeout: 120_000 });

  // Delete: the renamed video goes; the new one stays.
  await page.goto('/projects');
  await expect(page.getByLabel(/^Video \d+$/)).toHaveCount(2);
  await videoCard(page, 'Spring launch teaser').getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete this project?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { name: 'Spring launch teaser' })).toHaveCount(0);
  await expect(page.getByLabel(/^Video \d+$/)).toHaveCount(1);
  expect(consoleErrors).toEqual([]);
});
