import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { expectPlays } from '../support/plays.ts';
import { signIn } from '../support/sign-in.ts';

const uniqueName = (label: string) => `${label}${Date.now().toString(36)}`;

/** Makes one finished video through the API (as the wizard does), to use up a free allowance quickly. */
async function makeVideoByApi(api: APIRequestContext, text: string): Promise<void> {
  const [actor] = await (await api.get('/api/actors')).json();
  const { url: audio } = await (await api.post('/api/replicate/audio', { data: { text, voice_id: 'Friendly_Person' } })).json();
  let answer = await api.post('/api/replicate/lipsync', { data: { video: actor.url, audio } });
  for (let attempt = 0; answer.status() === 202 && attempt < 60; attempt++) answer = await api.post('/api/replicate/lipsync', { data: { video: actor.url, audio } });
  expect(answer.status()).toBe(200);
}

async function writeAndGenerateAudio(page: Page, text: string): Promise<void> {
  await page.getByLabel('Dialogue').fill(text);
  await page.getByRole('button', { name: 'Generate Audio' }).click();
  await expect(page.getByLabel('Audio preview')).toBeVisible({ timeout: 30_000 });
}

test.describe('the three-step wizard', () => {
  test('a new user picks an actor, hears the audio, gets a video that plays, downloads it, and fixes one sentence of its script', async ({ page, consoleErrors }) => {
    await signIn(page, uniqueName('wizard'));
    await page.goto('/create');
    await expect(page.getByRole('heading', { name: 'Select Your Actor' })).toBeVisible();
    const chosen = page.getByRole('radiogroup', { name: 'Actors' }).getByRole('radio', { checked: true });
    await expect(chosen).toHaveCount(1); // the first actor is selected by default
    await expect(page.getByRole('link', { name: /New AI Influencer Creator/ })).toHaveAttribute('href', '/ai-influencer');
    await page.getByRole('button', { name: 'Continue to Audio Generation' }).click();

    await expect(page.getByRole('heading', { name: 'Create Audio' })).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Please enter dialogue text').first()).toBeVisible();
    await writeAndGenerateAudio(page, 'Hello! This is my very first lip synced video.');
    const duration = await page.getByLabel('Audio preview').evaluate(
      (element: HTMLAudioElement) =>
        new Promise<number>((resolve) => (element.readyState >= 1 ? resolve(element.duration) : element.addEventListener('loadedmetadata', () => resolve(element.duration)))),
    );
    expect(duration).toBeGreaterThan(1);
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { name: 'Generate Video' })).toBeVisible();
    await expect(page.getByText('“Hello! This is my very first lip synced video.”')).toBeVisible();
    await page.getByRole('button', { name: 'Generate Video' }).click();
    const result = page.getByLabel('Generated video', { exact: true });
    await expect(result).toBeVisible({ timeout: 60_000 });
    // Finished: the result takes the focus, and no progress bar is left above Download (issue 37, items 4 and 13).
    await expect(page.getByRole('heading', { name: 'Your video' })).toBeFocused();
    await expect(page.getByRole('progressbar', { name: 'Video generation progress' })).toHaveCount(0);
    await expectPlays(result);
    // Its lip-sync, measured (issue 36): the drawn actor's mouth in time with the words.
    await expect(page.getByText('Lip-sync checked: in sync')).toBeVisible();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download Video' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^lipsync-video-\d+\.mp4$/);
    // The header's count follows the new video.
    await expect(page.getByRole('banner').getByText('2 of 3 videos left')).toBeVisible();

    // "Edit script" (issue 36, item 5): one sentence changed is made again as version 2, free, and version 1 stays downloadable.
    const firstCaptions = await result.locator('track[kind="captions"]').getAttribute('src');
    await page.getByRole('button', { name: 'Edit script' }).click();
    const script = page.getByRole('textbox', { name: 'Script' });
    await expect(script).toHaveValue('Hello! This is my very first lip synced video.');
    await expect(page.getByText('3 free fixes left')).toBeVisible();
    await script.fill('Hello! This is my wonderful second lip synced video.');
    await expect(page.getByText('Sentence 2 changes: “This is my very first lip synced video.” becomes “This is my wonderful second lip synced video.”')).toBeVisible();
    await page.getByRole('button', { name: 'Make new version' }).click();
    const versions = page.getByRole('region', { name: 'Versions' });
    await expect(versions.getByRole('link', { name: 'Version 2 (current)', exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(script).toHaveCount(0);
    const captionsTrack = result.locator('track[kind="captions"]');
    await expect(captionsTrack).not.toHaveAttribute('src', firstCaptions!);
    const captions = await (await page.request.get((await captionsTrack.getAttribute('src'))!)).text();
    expect(captions).toMatch(/^WEBVTT/);
    expect(captions).toContain('wonderful');
    expect(captions).toContain('second');
    expect(captions).not.toContain('first');
    await expect(page.getByText('Lip-sync checked: in sync')).toBeVisible();
    const first = await page.request.get((await versions.getByRole('link', { name: 'Version 1', exact: true }).getAttribute('href'))!);
    expect(first.status()).toBe(200);
    expect(first.headers()['content-type']).toBe('video/mp4');
    await expect(page.getByRole('banner').getByText('2 of 3 videos left')).toBeVisible(); // the fix was free

    await page.goto('/projects');
    await expect(page.getByLabel(/^Video \d+$/)).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('warns about a dialogue longer than the video and refuses Next', async ({ page }) => {
    await signIn(page, uniqueName('toolong'));
    await page.goto('/create');
    await page.getByRole('button', { name: 'Continue to Audio Generation' }).click();
    const dialogue = page.getByLabel('Dialogue');
    await dialogue.fill('word '.repeat(80));
    await expect(dialogue).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(/Your audio \(32s\) is longer than the video/).first()).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Audio Too Long').first()).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { name: 'Select Your Actor' })).toBeVisible();
  });

  test('an influencer chosen elsewhere starts the wizard at step 2', async ({ page }) => {
    await signIn(page, uniqueName('chosen'));
    const actors = await (await page.request.get('/api/actors')).json();
    await page.evaluate((actor) => {
      sessionStorage.setItem('selectedInfluencer', JSON.stringify({ id: 'influencer-7', title: 'Influencer 7', setting: 'Community', duration: 20, thumbnail: actor.thumbnail, url: actor.url }));
    }, actors[1]);
    await page.goto('/create');
    await expect(page.getByRole('heading', { name: 'Create Audio' })).toBeVisible();
    await expect(page.getByText('Write what Influencer 7 should say (20s video)')).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('selectedInfluencer'))).toBeNull();
  });

  test('after three videos the fourth attempt opens the paywall, and the wizard offers the upgrade', async ({ page }) => {
    await signIn(page, uniqueName('limit'));
    for (const text of ['First video.', 'Second video.', 'Third video.']) await makeVideoByApi(page.request, text);
    await page.goto('/create');
    await expect(page.getByText("You've reached your free limit").first()).toBeVisible();
    await page.getByRole('button', { name: 'Continue to Audio Generation' }).click();
    await writeAndGenerateAudio(page, 'One more, please.');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Generate Video' }).click();
    await expect(page.getByRole('dialog').getByText("You've reached your free limit")).toBeVisible();
  });
});
