import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import pg from 'pg';
import { expect, test } from '../fixtures.ts';
import { watchCsp } from '../support/csp.ts';
import { signIn } from '../support/sign-in.ts';

/** WCAG 2.1 A and AA: the level HeyGen's and Synthesia's accessibility statements claim. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);
const BLOG_SLUG = `e2e-accessibility-${Date.now()}`;
// The route table from the built contracts (CommonJS, whose named exports this ES module cannot import).
const { ROUTES } = createRequire(import.meta.url)('@lipcast/contracts') as typeof import('@lipcast/contracts');

/** A concrete address for every route of the route table (`:slug` becomes a post made for the test), and the 404 page. */
function concretePaths(signedIn: boolean): string[] {
  const paths = ROUTES.filter((route) => signedIn || !route.requiresAuth).map((route) => route.path.replace(':slug', BLOG_SLUG));
  return [...paths, '/no-such-page'];
}

/** Scans the page once it has settled (`ready` shown: by default its main heading); returns the serious and critical violations, one line each. */
async function blockingViolations(page: Page, ready: Locator = page.getByRole('heading', { level: 1 })): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await expect(ready.first()).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/**
 * Opens `path` and checks it works under the security policy (its heading shows, nothing failed to
 * load, it stayed on our origin; the purchase pages hand over to the hosted checkout), then scans it.
 * The walks below check both on the same load: the policy's violations are collected by `watchCsp`.
 */
async function walkTo(page: Page, path: string, origin: string): Promise<string[]> {
  await page.goto(path);
  if (['/subscribe', '/additional-generations'].includes(path)) {
    await expect(page).toHaveURL(/\/checkout\/cs_\w+$/);
  } else {
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByText(/could not be loaded/i)).toHaveCount(0);
    expect(new URL(page.url()).origin).toBe(origin);
  }
  return blockingViolations(page);
}

test.describe('accessibility (axe-core, WCAG 2.1 AA), and every route under the security policy', () => {
  test.beforeAll(async ({ stack }) => {
    const client = new pg.Client({ connectionString: stack.env.DATABASE_URL });
    await client.connect();
    await client.query(`insert into content.blog_post (title, slug, excerpt, body, author, published_at) values ($1, $2, $3, $4, 'Lipcast Team', now())`, [
      'Accessible videos',
      BLOG_SLUG,
      'Captions and contrast.',
      '# Accessible videos\n\nA paragraph with a [link](https://example.com).',
    ]);
    await client.end();
  });

  test('every route a visitor can open works under the security policy with no violation, and has no serious or critical violation', async ({ page, context, stack }) => {
    test.setTimeout(180_000);
    const policyViolations = await watchCsp(context, page, stack.url);
    const found: string[] = [];
    for (const path of concretePaths(false)) {
      found.push(...(await walkTo(page, path, stack.url)).map((line) => `${path} (signed out): ${line}`));
    }
    expect(found).toEqual([]);
    expect(policyViolations).toEqual([]);
  });

  test('every route, signed in with a profile picture, works under the security policy with no violation, and has no serious or critical violation', async ({ page, context, stack }) => {
    test.setTimeout(240_000);
    const policyViolations = await watchCsp(context, page, stack.url);
    const username = `axe-${Date.now()}`;
    await signIn(page, username);
    // Pictures come from the identity provider's claims and may be anywhere (here Google's image host).
    const database = new pg.Client({ connectionString: stack.env.DATABASE_URL });
    await database.connect();
    try {
      await database.query(`update auth."user" set profile_image_url = $1 where username = $2`, [`https://lh3.googleusercontent.com/a/${username}.png`, username]);
    } finally {
      await database.end();
    }
    const found: string[] = [];
    for (const path of concretePaths(true)) {
      found.push(...(await walkTo(page, path, stack.url)).map((line) => `${path} (signed in): ${line}`));
    }
    expect(found).toEqual([]);
    await page.goto('/profile');
    await expect(page.locator('img[src^="https://lh3.googleusercontent.com/"]')).toHaveCount(1);
    await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
    expect(policyViolations).toEqual([]);
  });

  test('the open menus and the paywall have no serious or critical violation', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, `axe-menu-${Date.now()}`);
    await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
    const found = (await blockingViolations(page, page.getByRole('menu'))).map((line) => `menu: ${line}`);
    await page.keyboard.press('Escape');
    await page.goto('/test-payment-wall');
    await page.getByRole('button', { name: 'Open the paywall (free limit of 3)' }).click();
    found.push(...(await blockingViolations(page, page.getByRole('dialog'))).map((line) => `paywall: ${line}`));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Show the upgrade panel', exact: true }).click();
    found.push(...(await blockingViolations(page)).map((line) => `upgrade panel: ${line}`));
    expect(found).toEqual([]);
  });
});
