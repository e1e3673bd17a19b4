import { expect, test } from '../fixtures.ts';
import { signIn } from '../support/sign-in.ts';

/** Scripts the page fetched before its `load` event. */
async function scriptsBeforeLoad(page: import('@playwright/test').Page, path: string): Promise<string[]> {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(path, { waitUntil: 'load' });
  return [...scripts];
}

test.describe('prerendered pages', () => {
  for (const { path, heading } of [
    { path: '/terms', heading: 'Terms of Service' },
    { path: '/privacy', heading: 'Privacy Policy' },
  ]) {
    test(`a visitor gets ${path} as static HTML in the site's header and footer, and the app on the first press`, async ({ page, consoleErrors }) => {
      expect(await scriptsBeforeLoad(page, path)).toEqual(['/visitor-boot.js']);
      await expect(page.locator('#prerendered')).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' })).toBeVisible();

      // The press starts the app, which takes the press over: sign-in starts from this page.
      const signInRequests: string[] = [];
      await page.route('**/api/login**', async (route) => {
        signInRequests.push(route.request().url());
        await route.fulfill({ status: 204 });
      });
      await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
      await expect.poll(() => signInRequests.length).toBe(1);
      expect(signInRequests[0]).toContain(`returnTo=${encodeURIComponent(path)}`);
      await expect(page.locator('#prerendered')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      expect(consoleErrors).toEqual([]);
    });
  }

  test('a signed-in user gets the app on the same paths, with their account in the header', async ({ page }) => {
    await signIn(page, 'prerendered-reader');
    for (const path of ['/', '/terms']) {
      expect(await scriptsBeforeLoad(page, path)).toContain('/main.js');
      await expect(page.locator('#prerendered')).toHaveCount(0);
      await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();
    }
  });
});
