import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { signIn } from '../support/sign-in.ts';
import { makeWideVideo } from '../support/wide-video.ts';

const uniqueName = (label: string) => `${label}${Date.now().toString(36)}`;

/** The job a wizard result's file belongs to (`/api/media/users/<user>/jobs/<job>/video.mp4`). */
const jobOf = (src: string | null) => src?.match(/\/jobs\/([0-9a-f-]{36})\//)?.[1] ?? null;

/** Runs the wizard from the actor grid to a finished video at the page's current viewport. */
async function makeWizardVideo(page: Page): Promise<void> {
  await page.goto('/create');
  await page.getByRole('button', { name: 'Continue to Audio Generation' }).click();
  await page.getByLabel('Dialogue').fill('Hello! This video is ready to post.');
  await page.getByRole('button', { name: 'Generate Audio' }).click();
  await expect(page.getByLabel('Audio preview')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Generate Video' })).toBeVisible();
  await page.getByRole('button', { name: 'Generate Video' }).click();
  await expect(page.getByLabel('Generated video', { exact: true })).toBeVisible({ timeout: 60_000 });
}

/** The result's box and its file's own width, once the file's size is known. */
function measureResult(page: Page): Promise<{ shown: number; natural: number }> {
  return page.getByLabel('Generated video', { exact: true }).evaluate(
    (element: HTMLVideoElement) =>
      new Promise<{ shown: number; natural: number }>((resolve) => {
        const measure = () => resolve({ shown: element.getBoundingClientRect().width, natural: element.videoWidth });
        if (element.readyState >= 1) measure();
        else element.addEventListener('loadedmetadata', measure);
      }),
  );
}

test.describe('the wizard result view (issue 16 item 3), and the video in /projects', () => {
  // One wizard video serves every check: the flow runs at the phone's width, the result is then
  // measured at each width (its layout is CSS, so a resize lays it out as a page loaded at that width),
  // and the same video is the one /projects lists.
  test('at 390x844 and 1280x800, Download is on screen and the video is never upscaled; in /projects it plays in the 8:9 frame whatever the shape of the file', async ({ page }) => {
    await signIn(page, uniqueName('result'));
    for (const [index, viewport] of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ].entries()) {
      await page.setViewportSize(viewport);
      if (index === 0) await makeWizardVideo(page);
      const size = await measureResult(page);
      await expect(page.getByRole('link', { name: 'Download Video' })).toBeInViewport();
      // Kept with the test's output, for looking at the result view.
      await page.screenshot({ path: test.info().outputPath(`result-view-${viewport.width}.png`) });
      expect(size.natural).toBeGreaterThan(0);
      expect(size.shown).toBeLessThanOrEqual(size.natural + 1);
      // The step's inputs make way for the result; Generate Again stays available beside Download.
      await expect(page.getByLabel(/\(input\)$/)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Generate Again' })).toBeVisible();
    }

    // Every video the offline engines make is 8:9 already; served a 16:9 file, the box shows the player's frame, not the file's shape.
    const wideVideo = await makeWideVideo(test.info().outputPath('wide.mp4'));
    await page.route('**/*', (route) => (route.request().resourceType() === 'media' ? route.fulfill({ body: wideVideo, contentType: 'video/mp4' }) : route.fallback()));
    await page.goto('/projects');
    const video = page.getByLabel(/^Video \d+$/);
    await expect(video).toHaveCount(1);
    const layout = await video.evaluate(
      (element: HTMLVideoElement) =>
        new Promise<{ naturalWidth: number; naturalHeight: number; width: number; height: number }>((resolve) => {
          const measure = () => {
            const { width, height } = element.getBoundingClientRect();
            resolve({ naturalWidth: element.videoWidth, naturalHeight: element.videoHeight, width, height });
          };
          if (element.readyState >= 1) measure();
          else element.addEventListener('loadedmetadata', measure);
        }),
    );
    expect(layout.naturalWidth / layout.naturalHeight).toBeCloseTo(16 / 9, 2);
    expect(Math.abs(layout.height / layout.width / (9 / 8) - 1)).toBeLessThan(0.01); // within 1%
  });
});

test.describe('Generate Again (issue 37, item 3)', () => {
  test('says beside it that it makes a new take and what that spends, then makes a new video (a new job, another file), charged', async ({ page }) => {
    await signIn(page, uniqueName('take'));
    await makeWizardVideo(page);
    const player = page.getByLabel('Generated video', { exact: true });
    const fileOf = (src: string | null) => src?.split('#')[0] ?? null; // without the poster's #t=
    const firstFile = fileOf(await player.getAttribute('src'));
    const firstJob = jobOf(firstFile);
    expect(firstJob).not.toBeNull();
    const again = page.getByRole('button', { name: 'Generate Again' });
    const takeNote = 'Makes a new take: the same words and voice, with other blinks and head movement.';
    await expect(again).toHaveAccessibleDescription(`${takeNote} This uses 1 of your 3 free videos (1 left after this).`);
    await expect(page.getByText(takeNote)).toBeVisible();

    await again.click();
    // Before, the same video came back at once: now a new job renders, and its file is the one shown.
    const shownFile = () => player.getAttribute('src', { timeout: 1_000 }).then(fileOf, () => null);
    await expect.poll(async () => jobOf(await shownFile()), { timeout: 60_000 }).toMatch(new RegExp(`^(?!${firstJob})[0-9a-f-]{36}$`));
    const [first, take] = await Promise.all([firstFile!, (await shownFile())!].map(async (file) => (await page.request.get(file)).body()));
    expect(take.length).toBeGreaterThan(0);
    expect(take.equals(first)).toBe(false);
    // It was charged as a video: the notice now counts two spent.
    await expect(page.getByRole('button', { name: 'Generate Again' })).toHaveAccessibleDescription(`${takeNote} This uses 1 of your 3 free videos (0 left after this).`);
  });
});
