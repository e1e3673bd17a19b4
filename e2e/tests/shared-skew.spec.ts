import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';

/**
 * Shared-dependency skew (issue 21, item 4): a remote whose manifest needs a React the shell does
 * not provide is refused before its code runs; only its routes show the contained error.
 */
const BILLING_MANIFEST = '**/remotes/mfe-billing/**/mf-manifest.json';

/** Serves mfe-billing's real manifest with its React requirement moved to another major. */
async function requireOldReactInBilling(page: Page): Promise<void> {
  await page.route(BILLING_MANIFEST, async (route) => {
    const response = await route.fetch();
    const manifest = await response.json();
    for (const shared of manifest.shared) if (shared.name === 'react') shared.requiredVersion = '^17.0.0';
    await route.fulfill({ response, json: manifest });
  });
}

test('a remote built for another React is refused on its own routes; other remotes keep working', async ({ page }) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const refusals: string[] = [];
  page.on('console', async (message) => {
    if (message.type() === 'error' && message.text().startsWith('Lipcast refused mfe_billing')) {
      refusals.push(await message.args()[2].evaluate((error) => (error as Error).message));
    }
  });
  const contentManifestRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/remotes\/mfe-content\/.*mf-manifest\.json$/.test(request.url())) contentManifestRequests.push(request.url());
  });
  await requireOldReactInBilling(page);

  await page.goto('/pricing');

  const alert = page.getByRole('alert').filter({ hasText: 'This part of Lipcast is being updated.' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Try again in a minute.');
  await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toHaveCount(0);
  await expect.poll(() => refusals).toEqual(['mfe_billing was not loaded: it needs react ^17.0.0 (the shell provides 19.3.1)']);

  // Another remote's route works in the same page.
  await page.getByRole('link', { name: 'Blog' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lipcast Blog' })).toBeVisible();
  // The shell's checked manifest is the one the federation runtime used: fetched once.
  expect(contentManifestRequests).toHaveLength(1);

  // Once the remote fits again (a release rolled back or completed), Retry loads it.
  await page.goBack();
  await expect(alert).toBeVisible();
  await page.unroute(BILLING_MANIFEST);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();

  expect(pageErrors).toEqual([]);
});
