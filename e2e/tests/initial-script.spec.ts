import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { signIn } from '../support/sign-in.ts';

/**
 * Issue 38, item 2: the signed-in `/` (the wizard's step 1) loads step 1's code and nothing it
 * does not show: no paywall, profile, operator console or payment code, no later wizard step and no
 * remote's copy of a shared package (the shell's copies are the ones used). Each loads when opened,
 * and a 402 still opens the paywall, whose code comes then. Sizes are the bench's
 * (tools/benchmarks/web-initial-js.ts); this checks which chunks are fetched, by name.
 */

/** Every script the page requests from now on, by path (the full URL for other origins than the app's). */
function recordScripts(page: Page, appOrigin: string): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() !== 'script') return;
    const url = new URL(request.url());
    scripts.push(url.origin === appOrigin ? url.pathname : url.href);
  });
  return scripts;
}

const NOT_ON_STEP_ONE: [string, RegExp][] = [
  ['the billing remote (paywall, upgrade panel, profile, payment pages)', /^\/remotes\/mfe-billing\//],
  ['the operator console', /^\/remotes\/mfe-admin\//],
  ['Stripe.js', /stripe\.com/],
  ["the wizard's later steps", /\/wizard-(audio|video)-step\./],
  ["a remote's copy of a shared package", /^\/remotes\/[^/]+\/shared-/],
  ["the header's menus", /\/header-menus\./],
];

test("the signed-in / fetches step 1's code only, and a 402 still opens the paywall", async ({ page, browser, baseURL }) => {
  await signIn(page, `initial${Date.now().toString(36)}`);
  // A first visit: only the session comes over, so no script is taken from the sign-in's cache.
  const context = await browser.newContext({ baseURL });
  await context.addCookies(await page.context().cookies());
  const app = await context.newPage();
  const scripts = recordScripts(app, new URL(baseURL!).origin);

  await app.goto('/');
  await expect(app.getByRole('heading', { level: 1, name: 'Select Your Actor' })).toBeVisible();
  await expect(app.getByRole('radiogroup', { name: 'Actors' }).getByRole('radio', { checked: true })).toHaveCount(1);
  await app.waitForLoadState('networkidle');

  expect(scripts).toContainEqual(expect.stringMatching(/^\/remotes\/mfe-wizard\/__federation_expose_Wizard\./));
  // The shell's own copies of the shared packages, each in its named chunk, are the ones fetched.
  expect(scripts).toContainEqual(expect.stringMatching(/^\/shared-react-dom\./));
  for (const [what, pattern] of NOT_ON_STEP_ONE) {
    expect(scripts.filter((script) => pattern.test(script)), what).toEqual([]);
  }

  // The avatar menu's code comes when it is pressed; it opens at once, focused, and gives the focus back.
  const avatar = app.getByRole('button', { name: /Account menu for initial/ });
  await avatar.click();
  const menu = app.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(menu).toBeFocused();
  expect(scripts).toContainEqual(expect.stringMatching(/^\/header-menus\./));
  await app.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(avatar).toBeFocused();

  await app.getByRole('button', { name: 'Continue to Audio Generation' }).click();
  await expect(app.getByLabel('Dialogue')).toBeVisible();
  expect(scripts).toContainEqual(expect.stringMatching(/\/wizard-audio-step\./));
  await app.getByLabel('Dialogue').fill('Open the paywall, please.');
  await app.getByRole('button', { name: 'Generate Audio' }).click();
  await expect(app.getByLabel('Audio preview')).toBeVisible({ timeout: 30_000 });
  await app.getByRole('button', { name: 'Next' }).click();

  // The user has generations left; the server's 402 for the video (spec section 8) stands in for
  // running out, so the paywall is the only billing code this page has needed.
  await app.route('**/api/replicate/lipsync', (route) =>
    route.fulfill({ status: 402, contentType: 'application/json', body: JSON.stringify({ requiresPayment: true, limit: 3, requiresAdditionalOnly: false }) }),
  );
  await app.getByRole('button', { name: 'Generate Video' }).click();
  const dialog = app.getByRole('dialog', { name: "You've reached your free limit" });
  await expect(dialog).toBeVisible();
  // Loaded on demand, the dialog still takes the focus.
  await expect(dialog).toContainText(/all 3 free generations/i);
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  expect(scripts).toContainEqual(expect.stringMatching(/^\/remotes\/mfe-billing\/__federation_expose_Paywall\./));
  expect(scripts.filter((script) => /stripe\.com|__federation_expose_Profile|^\/remotes\/mfe-admin\//.test(script))).toEqual([]);
  await context.close();
});
