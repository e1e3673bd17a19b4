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
const actorNameOf = (snapshot: string) => /button "(.+?) ?, \d+ seconds"/.exec(snapshot)![1];

async function expectNoHorizontalScroll(page: Page, path: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${path} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
}

/** Opens a header menu, checks each item is on screen, and closes it again. */
async function expectMenuItemsInViewport(page: Page, trigger: string | RegExp, items: (string | RegExp)[]): Promise<void> {
  const button = page.getByRole('banner').getByRole('button', { name: trigger, exact: true });
  await expect(button).toBeInViewport();
  await button.click();
  const menu = page.getByRole('menu');
  for (const item of items) await expect(menu.getByRole('menuitem', { name: item })).toBeInViewport({ ratio: 1 });
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

for (const width of WIDTHS) {
  test.describe(`${width} px wide`, () => {
    test.use({ viewport: { width, height: width < 768 ? 844 : 800 } });

    test('signed out: no page scrolls sideways and the header actions are reachable', async ({ page }, testInfo) => {
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Log in or Sign Up' })).toBeInViewport({ ratio: 1 });
      await expectNoHorizontalScroll(page, '/');
      await screenshot(page, testInfo, `landing-${width}`);
      // Inter is served from our origin (an @font-face of the bundle), not left to the machine.
      expect(await page.evaluate(async () => (await document.fonts.load('16px "Inter Variable"', 'Lipcast')).length)).toBeGreaterThan(0);
      if (width < LANDING_NAV_INLINE_FROM) {
        await expectMenuItemsInViewport(page, 'Menu', ['Create Your Influencer', 'Three-Step Process', 'Get Started']);
      } else {
        await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Get Started' })).toBeInViewport({ ratio: 1 });
      }

      for (const [path, heading] of Object.entries(PUBLIC_ROUTES)) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expectNoHorizontalScroll(page, path);
        await expect(page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true })).toBeInViewport({ ratio: 1 });
        await expectShellNavReachable(page, width);
      }
    });

    test('signed in: no page scrolls sideways and the menus reach every action', async ({ page }, testInfo) => {
      await signIn(page, 'narrow-nora', '/app');
      for (const [path, heading] of Object.entries(SIGNED_IN_ROUTES)) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        if (path === '/app') await screenshot(page, testInfo, `app-${width}`);
        await expectNoHorizontalScroll(page, path);
        await expectShellNavReachable(page, width);
        await expectMenuItemsInViewport(page, 'Account menu for narrow-nora', ['Profile', 'Projects', 'Logout']);
      }
      // The counter says what it counts.
      await page.getByRole('banner').getByRole('button', { name: 'Account menu for narrow-nora' }).click();
      await expect(page.getByRole('menu').getByText('3 of 3 videos left')).toBeVisible();
      await page.getByRole('menuitem', { name: 'Projects' }).click();
      await expect(page).toHaveURL(/\/projects$/);
    });
  });
}

test.describe('actor step', () => {
  for (const width of [390, 1280]) {
    test(`${width} px: the duration badge clears the actor's name and Continue is in reach`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
      await signIn(page, 'actor-picker', '/app');
      const tiles = page.getByRole('button', { name: /, \d+ seconds$/ });
      await expect(tiles.first()).toBeVisible();
      for (const tile of await tiles.all()) {
        const badge = await tile.getByText(/^\d+s$/).boundingBox();
        const label = actorNameOf(await tile.ariaSnapshot());
        const name = await tile.locator('span', { hasText: label }).boundingBox();
        expect(badge && name, 'badge and name are drawn').toBeTruthy();
        const overlaps = badge!.x < name!.x + name!.width && name!.x < badge!.x + badge!.width && badge!.y < name!.y + name!.height && name!.y < badge!.y + badge!.height;
        expect(overlaps, `the badge of ${label} prints over its name`).toBe(false);
      }
      // On a phone the grid is taller than the screen; Continue stays on it without scrolling.
      if (width < 640) await expect(page.getByRole('button', { name: 'Continue to Audio Generation' })).toBeInViewport({ ratio: 1 });
    });
  }
});
