import { expect, test } from '../fixtures.ts';
import { signIn } from '../support/sign-in.ts';

test.describe('video formats', () => {
  test.setTimeout(180_000);

  test('a 9:16 video from the wizard plays at 9:16, is named by its format, and the history says its format', async ({ page, consoleErrors }) => {
    await signIn(page, `formats${Date.now().toString(36)}`);
    await page.goto('/create');
    await page.getByRole('button', { name: 'Continue to Audio Generation' }).click();
    await page.getByLabel('Dialogue').fill('Hello in a vertical video.');
    await page.getByRole('button', { name: 'Generate Audio' }).click();
    await expect(page.getByLabel('Audio preview')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Next' }).click();

    const formats = page.getByRole('radiogroup', { name: 'Video format' });
    await expect(formats.getByRole('radio', { name: 'Portrait card (640 × 720)' })).toBeChecked();
    await formats.getByRole('radio', { name: '9:16 vertical, 720p (720 × 1280)' }).check();
    await page.getByRole('button', { name: 'Generate Video' }).click();

    const result = page.getByLabel('Generated video', { exact: true });
    await expect(result).toBeVisible({ timeout: 90_000 });
    const size = await result.evaluate(
      (element: HTMLVideoElement) =>
        new Promise<[number, number]>((resolve) => {
          const done = () => resolve([element.videoWidth, element.videoHeight]);
          if (element.readyState >= 1) done();
          else element.addEventListener('loadedmetadata', done);
        }),
    );
    expect(size).toEqual([720, 1280]);
    // Its poster is its own first frame at 9:16, not a portrait card's still.
    await expect(result).toHaveAttribute('poster', /\/jobs\/[^/]+\/poster\.webp$/);
    const posterSize = await result.evaluate(
      (element: HTMLVideoElement) =>
        new Promise<[number, number]>((resolve, reject) => {
          const image = new Image();
          image.onload = () => resolve([image.naturalWidth, image.naturalHeight]);
          image.onerror = () => reject(new Error('the poster did not load'));
          image.src = element.poster;
        }),
    );
    expect(posterSize).toEqual([720, 1280]);
    await expect(page.getByRole('link', { name: 'Download Video' })).toHaveAttribute('download', /^lipsync-video-\d+-9x16-720p\.mp4$/);

    await page.goto('/projects');
    await expect(page.getByText('Format: 9:16 vertical, 720p (720 × 1280)')).toBeVisible();
    await expect(page.getByLabel(/^Video \d+$/)).toHaveAttribute('poster', /\/jobs\/[^/]+\/poster\.webp$/);
    // The history plays it in a 9:16 frame, not the portrait card's 8:9.
    const frame = await page.getByLabel(/^Video \d+$/).boundingBox();
    expect(frame!.height / frame!.width).toBeCloseTo(1280 / 720, 1);
    expect(consoleErrors).toEqual([]);
  });
});
