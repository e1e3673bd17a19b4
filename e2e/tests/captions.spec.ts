import { expect, test } from '../fixtures.ts';
import { expectPlays } from '../support/plays.ts';
import { signIn } from '../support/sign-in.ts';

// One 9:16 video serves the format's checks and the captions' (a second 9:16 render, without
// captions, proved nothing these do not).
test.describe('video formats and captions', () => {
  test('a 9:16 video with bold captions from the wizard plays at 9:16 with its captions track and toggle, is named by its format, and the history says its format', async ({ page, consoleErrors }) => {
    test.setTimeout(180_000); // a 9:16 render with burned-in captions on a shared machine
    await signIn(page, `captions${Date.now().toString(36)}`);
    await page.goto('/create');
    await page.getByRole('button', { name: 'Continue to Audio Generation' }).click();
    await page.getByLabel('Dialogue').fill('Captions help everyone follow along.');
    await page.getByRole('button', { name: 'Generate Audio' }).click();
    await expect(page.getByLabel('Audio preview')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Next' }).click();

    const formats = page.getByRole('radiogroup', { name: 'Video format' });
    await expect(formats.getByRole('radio', { name: 'Portrait card (640 × 720)' })).toBeChecked();
    await formats.getByRole('radio', { name: '9:16 vertical, 720p (720 × 1280)' }).check();
    const captions = page.getByRole('radiogroup', { name: 'Burned-in captions' });
    await expect(captions.getByRole('radio', { name: /Not burned in/ })).toBeChecked();
    await captions.getByRole('radio', { name: 'Bold, word by word' }).check();
    await page.getByRole('button', { name: 'Generate Video' }).click();

    const result = page.getByLabel('Generated video', { exact: true });
    await expect(result).toBeVisible({ timeout: 120_000 });
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
    await expect(result.locator('track[kind="captions"]')).toHaveAttribute('src', /\/captions\.vtt$/);

    // The track's cues are the words said; burned in already, it starts hidden, and the toggle shows it.
    const track = () =>
      result.evaluate((element: HTMLVideoElement) => {
        const textTrack = element.textTracks[0];
        return { mode: textTrack?.mode, text: [...(textTrack?.cues ?? [])].map((cue) => (cue as VTTCue).text.replace(/\n/g, ' ')).join(' ') };
      });
    await expect.poll(track, { timeout: 15_000 }).toEqual({ mode: 'hidden', text: 'Captions help everyone follow along.' });
    await page.getByRole('button', { name: 'Show captions' }).click();
    await expect(page.getByRole('button', { name: 'Hide captions' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => (await track()).mode).toBe('showing');

    // It plays, at 9:16.
    await expectPlays(result, 0.2);
    expect(await result.evaluate((element: HTMLVideoElement) => [element.videoWidth, element.videoHeight])).toEqual([720, 1280]);

    // The captions download as SRT, named like the video.
    const srt = page.getByRole('link', { name: 'Captions (SRT)' });
    await expect(srt).toHaveAttribute('download', /^lipsync-video-\d+-9x16-720p\.srt$/);
    const answer = await page.request.get((await srt.getAttribute('href'))!);
    expect(answer.ok()).toBe(true);
    // Its cues in order, each numbered and timed (how many depends on the lines a 9:16 frame's safe area holds), saying the words.
    const cues = (await answer.text()).trim().split(/\n\n+/).map((block) => block.split('\n'));
    expect(cues.map(([number]) => number)).toEqual(cues.map((_, index) => String(index + 1)));
    for (const [, times] of cues) expect(times).toMatch(/^00:00:0\d,\d{3} --> 00:00:0\d,\d{3}$/);
    expect(cues.map(([, , ...lines]) => lines.join(' ')).join(' ')).toBe('Captions help everyone follow along.');

    await page.goto('/projects');
    await expect(page.getByText('Format: 9:16 vertical, 720p (720 × 1280)')).toBeVisible();
    await expect(page.getByLabel(/^Video \d+$/)).toHaveAttribute('poster', /\/jobs\/[^/]+\/poster\.webp$/);
    // The history plays it in a 9:16 frame, not the portrait card's 8:9.
    const frame = await page.getByLabel(/^Video \d+$/).boundingBox();
    expect(frame!.height / frame!.width).toBeCloseTo(1280 / 720, 1);
    expect(consoleErrors).toEqual([]);
  });
});
