import { expect, test } from '../fixtures.ts';
import { makeSwayingFaceClip } from '../support/face-clip.ts';
import { expectPlays } from '../support/plays.ts';
import { signIn } from '../support/sign-in.ts';

const LIKENESS_CONSENT = "This is me, or I have this person's written consent to use their likeness.";
const VOICE_CONSENT = "This is me, or I have this person's written consent to use their voice.";

test('a creator uploads a clip of themselves with consent, finds it under "Your actors" and gets a video of it saying what they recorded', async ({ page, consoleErrors }, testInfo) => {
  await signIn(page, `filmer${Date.now().toString(36)}`);
  await page.goto('/ai-influencer');
  const form = page.getByRole('form', { name: 'Upload your own actor' });
  await form.getByLabel('Video clip').setInputFiles({ name: 'me.mp4', mimeType: 'video/mp4', buffer: await makeSwayingFaceClip(testInfo.outputPath('me.mp4')) });
  await form.getByLabel('Actor name').fill('Me at my desk');
  // Nothing is sent without the consent ticked; it says so beside the box.
  await form.getByRole('button', { name: 'Upload clip' }).click();
  await expect(form.getByLabel(LIKENESS_CONSENT)).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel(LIKENESS_CONSENT).check();
  await form.getByRole('button', { name: 'Upload clip' }).click();
  const card = page.getByRole('listitem', { name: 'Me at my desk' });
  await expect(card.getByText('Your actor is ready: only you can see it.')).toBeVisible({ timeout: 60_000 });
  await expect(card.getByText('4 s clip')).toBeVisible();
  // Nothing was charged for it.
  await expect(page.getByRole('banner').getByText('3 of 3 videos left')).toBeVisible();

  await page.goto('/create');
  const yours = page.getByRole('group', { name: 'Your actors' });
  await expect(yours).toBeVisible();
  // The built-in actors stay first, the first of them still selected by default.
  await expect(page.getByRole('radiogroup', { name: 'Actors' }).getByRole('radio', { checked: true })).not.toContainText('Me at my desk');
  await yours.getByRole('radio', { name: /Me at my desk/ }).click();
  await page.getByRole('button', { name: 'Continue to Audio Generation' }).click();
  await expect(page.getByText(/Write what Me at my desk should say \(4s video\)/)).toBeVisible();
  // Their own voice: recorded in the browser (Chromium's fake microphone), the typed words its captions.
  await page.getByLabel('Your own voice').check();
  await page.getByLabel('Dialogue').fill('Hi, it is really me.');
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByRole('timer', { name: 'Elapsed time' })).toContainText(/^0:02/, { timeout: 10_000 });
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expect(page.getByLabel('Your recording')).toBeVisible();
  await page.getByLabel(VOICE_CONSENT).check();
  await page.getByRole('button', { name: 'Use this recording' }).click();
  await expect(page.getByLabel('Audio preview')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Generate Video' }).click();
  const result = page.getByLabel('Generated video', { exact: true });
  await expect(result).toBeVisible({ timeout: 90_000 });
  await expectPlays(result);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download Video' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.mp4$/);
  expect(consoleErrors).toEqual([]);
});
