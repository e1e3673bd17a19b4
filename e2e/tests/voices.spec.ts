import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { signIn } from '../support/sign-in.ts';

const uniqueName = (label: string) => `${label}${Date.now().toString(36)}`;

/** Serious and critical WCAG 2.1 AA violations on the page as it is, one line each (as accessibility.spec.ts counts them). */
async function blockingViolations(page: Page): Promise<string[]> {
  // Axe reads colours as drawn: a toast still fading in has not reached its contrast yet (spinners loop forever and are left out).
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test.describe('choosing a voice with confidence (wizard step 2)', () => {
  test('a voice is heard before it is chosen, by its name and tags, beside the chosen actor; validation is said next to the field', async ({ page, consoleErrors }) => {
    await signIn(page, uniqueName('voices'));
    await page.goto('/create');
    const firstActor = page.getByRole('radiogroup', { name: 'Actors' }).getByRole('radio', { checked: true });
    const actorName = /radio "(.+?) ?, \d+ seconds"/.exec(await firstActor.ariaSnapshot())![1];
    await page.getByRole('button', { name: 'Continue to Audio Generation' }).click();
    await expect(page.getByRole('heading', { name: 'Create Audio' })).toBeVisible();

    // The chosen actor is beside the script, with its picture and length.
    const chosen = page.getByRole('figure', { name: 'Chosen actor' });
    await expect(chosen.getByText(actorName, { exact: true })).toBeVisible();
    await expect(chosen.getByText(/^\d+s video$/)).toBeVisible();
    await expect(chosen.locator('img')).toHaveJSProperty('complete', true);
    expect(await chosen.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

    // Every voice by its catalog name and tags; the default chosen.
    const voices = page.getByRole('radiogroup', { name: 'Voice' });
    await expect(voices.getByRole('radio')).toHaveCount(17);
    await expect(voices.getByRole('radio', { name: /^Friendly Person/ })).toBeChecked();
    const serene = voices.getByRole('radio', { name: /^Serene Woman/ });
    await expect(serene).toHaveAccessibleName('Serene Woman female calm');
    await expect(voices.getByText('Inspirational Girl')).toBeVisible();
    await expect(voices.getByText('Abbess')).toHaveCount(0);

    // Its sample is fetched (from the store, after the media route's redirect), plays, and the button becomes Stop.
    const sampleAnswer = page.waitForResponse((response) => response.url().includes('/public/voices/') && response.ok());
    await page.getByRole('button', { name: 'Play sample of Serene Woman' }).click();
    const sample = await sampleAnswer;
    expect(sample.headers()['content-type']).toBe('audio/mpeg');
    const player = page.getByTestId('voice-sample-player');
    await expect(player).toHaveAttribute('src', '/api/voices/Abbess/sample?emotion=neutral');
    await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.currentTime), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: 'Stop sample of Serene Woman' })).toBeVisible();

    // Another voice takes over: one sample at a time.
    await page.getByRole('button', { name: 'Play sample of Deep Voice Man' }).click();
    await expect(page.getByRole('button', { name: 'Play sample of Serene Woman' })).toBeVisible();
    await expect(player).toHaveAttribute('src', '/api/voices/Deep_Voice_Man/sample?emotion=neutral');
    await page.getByRole('button', { name: 'Stop sample of Deep Voice Man' }).click();
    expect(await player.evaluate((audio: HTMLAudioElement) => audio.paused)).toBe(true);
    await serene.check();
    await expect(serene).toBeChecked();

    // Next with no words: the message is under the dialogue, which gets the focus; no toast.
    await page.getByRole('button', { name: 'Next' }).click();
    const dialogue = page.getByLabel('Dialogue');
    await expect(dialogue).toBeFocused();
    await expect(dialogue).toHaveAttribute('aria-invalid', 'true');
    await expect(dialogue).toHaveAccessibleDescription('Please enter dialogue text');
    await expect(page.locator('li[data-variant]')).toHaveCount(0); // the toaster's items

    // With words but no audio: the message is beside the Generate button.
    await dialogue.fill('Hello there, this is a test.');
    await page.getByRole('button', { name: 'Next' }).click();
    const generate = page.getByRole('button', { name: 'Generate Audio' });
    await expect(generate).toBeFocused();
    await expect(generate).toHaveAccessibleDescription('Please generate audio first');
    await expect(page.locator('li[data-variant]')).toHaveCount(0);
    expect(await blockingViolations(page)).toEqual([]);

    // Step 3: the actor is named on its still, and what the video spends is said beside its button.
    await generate.click();
    await expect(page.getByLabel('Audio preview')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Generate Video' })).toBeVisible();
    await expect(page.getByRole('figure', { name: `${actorName} (input)` })).toContainText(actorName);
    const generateVideo = page.getByRole('button', { name: 'Generate Video' });
    await expect(generateVideo).toHaveAccessibleDescription('This uses 1 of your 3 free videos (2 left after this).');
    await expect(page.getByTestId('spend-notice')).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  // The step is loaded once and checked at each width by resizing it: its layout is CSS alone.
  test('at 320 and 1280 px the voice list fits without sideways scrolling and its play buttons are 44 px targets', async ({ page }) => {
    await signIn(page, uniqueName('voicefit'));
    await page.goto('/create');
    await page.getByRole('button', { name: 'Continue to Audio Generation' }).click();
    const play = page.getByRole('button', { name: 'Play sample of Wise Woman' });
    for (const viewport of [
      { width: 320, height: 700 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(viewport);
      await expect(play).toBeVisible();
      const box = (await play.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `step 2 scrolls sideways by ${overflow} px at ${viewport.width} px`).toBeLessThanOrEqual(0);
      // Kept with the test's output, for looking at the step.
      await page.screenshot({ path: test.info().outputPath(`voices-${viewport.width}.png`), fullPage: true });
    }
  });
});
