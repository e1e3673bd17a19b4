import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { signIn } from '../support/sign-in.ts';

/**
 * Issue 38, item 2: the signed-in `/` (the wizard's step 1) loads step 1's code and nothing it
 * does not show: no paywall, profile, operator console or payment code, no later wizard step and no
 * remote's copy of a shared package (the shell's copies are the ones used). Each loads when opened,
 * and a 402 still opens the paywall, whose code comes then. Once step 1 has shown and someone uses it
 * (a first pointer move, touch or key), the page fetches, when idle, what a next step needs at once
 * (steps 2 and 3, the header's menus, the toaster), so step 2 opens whole, with no loading placeholder. Sizes are the bench's (tools/benchmarks/web-initial-js.ts);
 * this checks which chunks are fetched, by name.
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

/** Fetched ahead once step 1 has shown and has had an input, when the browser is idle. */
const FETCHED_AHEAD: [string, RegExp][] = [
  ["the wizard's step 2", /\/wizard-audio-step\./],
  ["the wizard's step 3", /\/wizard-video-step\./],
  ["the header's menus", /\/header-menus\./],
  ['the toaster', /\/toaster\./],
];

/**
 * In the page, from its start: when step 1's title first showed, and whether the wizard's placeholder
 * for a step still loading ever showed (both seen by a mutation observer).
 */
function watchStepOne(): void {
  const seen = { stepOneAt: 0, stepPlaceholder: false };
  (window as unknown as { __seen: typeof seen }).__seen = seen;
  const observer = new MutationObserver(() => {
    if (!seen.stepOneAt && [...document.querySelectorAll('h1')].some((heading) => heading.textContent?.trim() === 'Select Your Actor')) seen.stepOneAt = performance.now();
    if (document.querySelector('[aria-label="Loading the next step"]')) seen.stepPlaceholder = true;
  });
  document.addEventListener('DOMContentLoaded', () => observer.observe(document.body, { childList: true, subtree: true }));
}

/** The page's scripts (path for the app's, full URL for others), as requested before step 1's title showed and after. */
async function scriptsAroundStepOne(page: Page, appOrigin: string): Promise<{ before: string[]; after: string[] }> {
  const { stepOneAt, entries } = await page.evaluate(() => ({
    stepOneAt: (window as unknown as { __seen: { stepOneAt: number } }).__seen.stepOneAt,
    entries: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.initiatorType === 'script')
      .map((entry) => ({ name: entry.name, startTime: entry.startTime })),
  }));
  expect(stepOneAt).toBeGreaterThan(0);
  const path = (url: string) => (new URL(url).origin === appOrigin ? new URL(url).pathname : url);
  return {
    before: entries.filter((entry) => entry.startTime < stepOneAt).map((entry) => path(entry.name)),
    after: entries.filter((entry) => entry.startTime >= stepOneAt).map((entry) => path(entry.name)),
  };
}

test("the signed-in / fetches step 1's code only, and a 402 still opens the paywall", async ({ page, browser, baseURL }) => {
  await signIn(page, `initial${Date.now().toString(36)}`);
  // A first visit: only the session comes over, so no script is taken from the sign-in's cache.
  const context = await browser.newContext({ baseURL });
  await context.addCookies(await page.context().cookies());
  const app = await context.newPage();
  const appOrigin = new URL(baseURL!).origin;
  await app.addInitScript(watchStepOne);
  const scripts = recordScripts(app, appOrigin);

  await app.goto('/');
  await expect(app.getByRole('heading', { level: 1, name: 'Select Your Actor' })).toBeVisible();
  await expect(app.getByRole('radiogroup', { name: 'Actors' }).getByRole('radio', { checked: true })).toHaveCount(1);
  // Nothing is fetched ahead while the page is only looked at (a load is its own code and data, no more)...
  const fetchedAhead = async () => (await scriptsAroundStepOne(app, appOrigin)).after.filter((script) => FETCHED_AHEAD.some(([, pattern]) => pattern.test(script)));
  await app.waitForLoadState('networkidle');
  expect(await fetchedAhead()).toEqual([]);
  // ...and all of it once someone uses step 1, when the browser is idle.
  await app.mouse.move(200, 300);
  await expect.poll(async () => (await fetchedAhead()).length).toBe(FETCHED_AHEAD.length);
  await app.waitForLoadState('networkidle');

  const { before, after } = await scriptsAroundStepOne(app, appOrigin);
  expect(before).toContainEqual(expect.stringMatching(/^\/remotes\/mfe-wizard\/__federation_expose_Wizard\./));
  // The shell's own copies of the shared packages, each in its named chunk, are the ones fetched.
  expect(before).toContainEqual(expect.stringMatching(/^\/shared-react-dom\./));
  for (const [what, pattern] of NOT_ON_STEP_ONE) {
    expect(before.filter((script) => pattern.test(script)), what).toEqual([]);
  }
  for (const [what, pattern] of FETCHED_AHEAD) {
    expect(after.filter((script) => pattern.test(script)), what).toHaveLength(1);
  }
  // Nothing else comes ahead: no billing, console or payment code, no remote's copy of a shared package.
  for (const [what, pattern] of NOT_ON_STEP_ONE.filter(([what]) => what !== "the wizard's later steps" && what !== "the header's menus")) {
    expect(after.filter((script) => pattern.test(script)), what).toEqual([]);
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
  // Its code was there: step 2 opened whole, never showing the placeholder of a step still loading.
  expect(await app.evaluate(() => (window as unknown as { __seen: { stepPlaceholder: boolean } }).__seen.stepPlaceholder)).toBe(false);
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
