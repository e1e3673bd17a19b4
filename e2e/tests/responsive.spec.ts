import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { signIn } from '../support/sign-in.ts';

/** Phone (small and common), tablet, laptop and desktop widths (issue 16, "Responsive shell"). */
const WIDTHS = [320, 390, 768, 1280, 1920] as const;
/** Below this width the shell's primary links collapse into the Menu button. */
const SHELL_NAV_INLINE_FROM = 1100;
/** Below Tailwind's `md` the landing page's section links collapse into its Menu button. */
const LANDING_NAV_INLINE_FROM = 768;

const PUBLIC_ROUTES: Record<string, string> = {
  '/pricing': 'Pricing',
  '/user-influencers': 'User Generated Influencers',
  '/blog': 'Lipcast Blog',
  '/terms': 'Terms of Service',
  '/pitch-deck': 'Lipcast Pitch Deck',
};
const SIGNED_IN_ROUTES: Record<string, string> = {
  '/app': 'Select Your Actor',
  '/ai-influencer': 'AI Influencer Creator',
  '/ai-influencer-pipeline': 'One Shot Influencer Video',
  '/projects': 'Your Projects',
  '/batches': 'Batch videos',
  '/profile': 'Your Profile',
};

/** The actor's name from a tile's accessible name ("Host Maya, 10 seconds"). */
const actorNameOf = (snapshot: string) => /radio "(.+?) ?, \d+ seconds"/.exec(snapshot)![1];

/** The viewport the tests use at `width`: a phone's height below 768 px, a laptop's from there. */
const viewportAt = (width: number) => ({ width, height: width < 768 ? 844 : 800 });

/**
 * Checks the loaded page at every width in turn, resizing it. The layout is CSS alone (Tailwind
 * breakpoints; no script reads the window's width), so a page resized to a width is laid out as one
 * loaded at it: each page is loaded once, not once per width.
 */
async function atEveryWidth(page: Page, check: (width: number) => Promise<void>): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize(viewportAt(width));
    await check(width);
  }
}

async function expectNoHorizontalScroll(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${where} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
}

/** Opens a header menu, checks each item (and each text) is on screen, and closes it again. */
async function expectMenuItemsInViewport(page: Page, trigger: string | RegExp, items: (string | RegExp)[], texts: string[] = []): Promise<void> {
  const button = page.getByRole('banner').getByRole('button', { name: trigger, exact: true });
  await expect(button).toBeInViewport();
  await button.click();
  const menu = page.getByRole('menu');
  for (const item of items) await expect(menu.getByRole('menuitem', { name: item })).toBeInViewport({ ratio: 1 });
  for (const text of texts) await expect(menu.getByText(text)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
}

async function expectShellNavReachable(page: Page, width: number): Promise<void> {
  if (width < SHELL_NAV_INLINE_FROM) {
    await expectMenuItemsInViewport(page, 'Menu', ['Home', 'Create Influencer', 'One Shot Video', 'Community Influencers', 'Blog', 'Pitch Deck']);
  } else {
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of ['Home', 'Create Influencer', 'One Shot Video', 'Community Influencers', 'Blog', 'Pitch Deck']) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeInViewport({ ratio: 1 });
    }
    await expect(page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
  }
}

/** Screenshots of the header's first screen, for the change notes (in test-results). */
async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
}

test.describe(`at ${WIDTHS.join(', ')} px wide`, () => {
  test('signed out: no page scrolls sideways and the header actions are reachable', async ({ page }, testInfo) => {
    await page.goto('/');
    // Inter is served from our origin (an @font-face of the bundle), not left to the machine.
    expect(await page.evaluate(async () => (await document.fonts.load('16px "Inter Variable"', 'Lipcast')).length)).toBeGreaterThan(0);
    await atEveryWidth(page, async (width) => {
      await expect(page.getByRole('button', { name: 'Log in or Sign Up' })).toBeInViewport({ ratio: 1 });
      await expectNoHorizontalScroll(page, `/ at ${width} px`);
      await screenshot(page, testInfo, `landing-${width}`);
      if (width < LANDING_NAV_INLINE_FROM) {
        await expectMenuItemsInViewport(page, 'Menu', ['Create Your Influencer', 'Three-Step Process', 'Get Started']);
      } else {
        await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Get Started' })).toBeInViewport({ ratio: 1 });
      }
    });

    for (const [path, heading] of Object.entries(PUBLIC_ROUTES)) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await atEveryWidth(page, async (width) => {
        await expectNoHorizontalScroll(page, `${path} at ${width} px`);
        await expect(page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true })).toBeInViewport({ ratio: 1 });
        await expectShellNavReachable(page, width);
      });
    }
  });

  test('signed in: no page scrolls sideways and the menus reach every action', async ({ page }, testInfo) => {
    await signIn(page, 'narrow-nora', '/app');
    for (const [path, heading] of Object.entries(SIGNED_IN_ROUTES)) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await atEveryWidth(page, async (width) => {
        if (path === '/app') await screenshot(page, testInfo, `app-${width}`);
        await expectNoHorizontalScroll(page, `${path} at ${width} px`);
        await expectShellNavReachable(page, width);
        // The counter says what it counts.
        await expectMenuItemsInViewport(page, 'Account menu for narrow-nora', ['Profile', 'Projects', 'Logout'], ['3 of 3 videos left']);
      });
    }
    await page.getByRole('banner').getByRole('button', { name: 'Account menu for narrow-nora' }).click();
    await page.getByRole('menuitem', { name: 'Projects' }).click();
    await expect(page).toHaveURL(/\/projects$/);
  });
});

test('at 390 and 1280 px, on the actor step the duration badge clears the actor\'s name and Continue is in reach', async ({ page }) => {
  await signIn(page, 'actor-picker', '/app');
  const tiles = page.getByRole('radiogroup', { name: 'Actors' }).getByRole('radio');
  await expect(tiles.first()).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize(viewportAt(width));
    for (const tile of await tiles.all()) {
      const badge = await tile.getByText(/^\d+s$/).boundingBox();
      const label = actorNameOf(await tile.ariaSnapshot());
      const name = await tile.locator('span', { hasText: label }).boundingBox();
      expect(badge && name, 'badge and name are drawn').toBeTruthy();
      const overlaps = badge!.x < name!.x + name!.width && name!.x < badge!.x + badge!.width && badge!.y < name!.y + name!.height && name!.y < badge!.y + badge!.height;
      expect(overlaps, `the badge of ${label} prints over its name at ${width} px`).toBe(false);
    }
    // On a phone the grid is taller than the screen; Continue stays on it without scrolling.
    if (width < 640) await expect(page.getByRole('button', { name: 'Continue to Audio Generation' })).toBeInViewport({ ratio: 1 });
  }
});
