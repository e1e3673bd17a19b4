import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { signIn, submitProviderLogin } from '../support/sign-in.ts';

/** Issue 16, "Navigation that keeps intent": gated actions sign in and come back; Pricing is in the menus. */
const uniqueName = (label: string) => `${label}${Date.now().toString(36)}`;

/** Another user publishes an influencer to the community gallery; answers its project id and name. */
async function publishInfluencer(browser: Browser, baseURL: string): Promise<{ id: number; name: string }> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, uniqueName('publisher'));
  const image = await (await page.request.post('/api/ai-influencer/image', { data: { prompt: 'a cheerful cooking teacher in a kitchen', size: '640x720' } })).json();
  expect((await page.request.post(`/api/ai-influencer/video?projectId=${image.id}`, { data: { image: image.url } })).status()).toBe(200);
  const name = `Cooking Teacher ${image.id}`;
  expect((await page.request.post(`/api/ai-influencer/projects/${image.id}/publish`, { data: { consent: true, name } })).ok()).toBe(true);
  await context.close();
  return { id: image.id as number, name };
}

const header = (page: Page) => page.getByRole('banner');

test.describe('a gated action signs in and comes back with the selection', () => {
  // One published influencer for both widths: each visitor's choice is their own.
  let influencer: { id: number; name: string };
  test.beforeAll(async ({ browser, stack }) => {
    influencer = await publishInfluencer(browser, stack.url);
  });

  for (const width of [1280, 390]) {
    test(`${width} px: a visitor's gallery choice ends, after sign-in, at the wizard's step 2 with that influencer`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });

      await page.goto('/user-influencers');
      await expect(header(page).getByRole('button', { name: 'Log in', exact: true })).toBeVisible(); // signed out
      await page.getByRole('button', { name: new RegExp(`^${influencer.name}\\b`) }).click();
      await page.getByRole('button', { name: 'Continue to Audio Generation' }).click();

      // Straight to the identity provider: no marketing page, no "selected" notice before signing in.
      await submitProviderLogin(page, uniqueName('visitor'));
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { name: 'Create Audio' })).toBeVisible();
      await expect(page.getByText(`Write what ${influencer.name} should say`)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Log in or Sign Up' })).toHaveCount(0);
      // The choice is used once: a later visit starts at step 1.
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Select Your Actor' })).toBeVisible();
    });
  }
});

test.describe('Pricing in the menus', () => {
  test('1280 px: from the landing header, the shell header of a visitor and the avatar menu of a user', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await header(page).getByRole('link', { name: 'Pricing' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();

    await page.goto('/blog');
    await header(page).getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);

    await signIn(page, uniqueName('pricing'), '/app');
    await header(page).getByRole('button', { name: /^Account menu for/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Projects' })).toHaveAttribute('href', '/projects');
    await page.getByRole('menuitem', { name: 'Pricing' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  });

  test('1100 px, where the inline links start: the header still fits with Pricing, signed out and signed in', async ({ page }) => {
    await page.setViewportSize({ width: 1100, height: 800 });
    const noSidewaysScroll = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.goto('/blog');
    await expect(header(page).getByRole('link', { name: 'Pricing' })).toBeInViewport({ ratio: 1 });
    await expect(header(page).getByRole('button', { name: 'Log in', exact: true })).toBeInViewport({ ratio: 1 });
    await noSidewaysScroll();

    await signIn(page, uniqueName('wide'), '/app');
    await page.goto('/blog');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pitch Deck' })).toBeInViewport({ ratio: 1 });
    await noSidewaysScroll();
    await header(page).getByRole('button', { name: /^Account menu for/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Pricing' })).toBeInViewport({ ratio: 1 });
  });

  test('390 px: from the landing menu and the shell menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await header(page).getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Pricing' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();

    await page.goto('/blog');
    await header(page).getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test('the landing page links the plans from its last section', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Compare plans and pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });
});

test.describe('pricing page', () => {
  test('has a Free column beside Premium and the pack, and a feature comparison table', async ({ page, consoleErrors }) => {
    await page.goto('/pricing');
    await expect(page.getByText('Best Value')).toBeVisible();
    await expect(page.getByText('3 generations', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start for Free' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Features of Free, Premium and the extra pack' });
    await expect(table.getByRole('columnheader')).toHaveText(['Feature', 'Free', 'Premium', /.+/]);
    await expect(table.getByRole('row', { name: /^Generations/ }).getByRole('cell')).toHaveText(['3 in total', '60 every month', /^15 more/]);
    expect(await page.evaluate(() => document.querySelector('meta[name="description"]')?.getAttribute('content'))).toMatch(/Subscribe to Premium/);
    expect(consoleErrors).toEqual([]);
  });

  test('a visitor who subscribes from the pricing page signs in and comes back to the checkout', async ({ page }) => {
    await page.goto('/pricing');
    await page.getByRole('link', { name: 'Subscribe Now' }).click();
    await submitProviderLogin(page, uniqueName('buyer'));
    await expect(page).toHaveURL(/\/(subscribe|checkout\/cs_)/);
  });
});

test.describe('paywall', () => {
  test('the modal offers the same choices as the inline upgrade panel', async ({ page }) => {
    await signIn(page, uniqueName('chooser'));
    await page.goto('/test-payment-wall');
    // The shell mounts the paywall once the billing remote has loaded; until then a request opens /subscribe.
    await page.waitForLoadState('networkidle');

    await page.getByRole('button', { name: 'Show the upgrade panel', exact: true }).click();
    const panel = page.getByRole('region', { name: "You've reached your free limit" });
    await expect(panel.getByRole('link', { name: 'Subscribe Now' })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Buy Credits' })).toBeVisible();
    const panelTexts = await panel.locator('li').allTextContents();

    await page.getByRole('button', { name: /open the paywall \(free limit/i }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('radio')).toHaveCount(2);
    await expect(dialog.getByRole('radio').first()).toBeChecked(); // the monthly plan, preselected
    for (const text of panelTexts) await expect(dialog.getByText(text, { exact: true })).toBeVisible();
    await expect(dialog.getByText('Best Value')).toBeVisible();
    await expect(dialog.getByText('one-time payment')).toBeVisible();
  });
});

test.describe('subscription success page', () => {
  test('opened without a purchase it says no subscription was found and links the plans', async ({ page }) => {
    await signIn(page, uniqueName('curious'));
    await page.goto('/subscription-success');
    await expect(page.getByRole('heading', { level: 1, name: 'No subscription found' })).toBeVisible();
    await expect(page.getByText('Your payment was received')).toHaveCount(0);
    await page.getByRole('link', { name: 'See the plans' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });
});

test.describe('landing page scroll-spy', () => {
  test('highlights "Get Started" once the page is scrolled to the bottom', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const link = page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Get Started' });
    await expect(link).not.toHaveAttribute('aria-current', 'true');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(link).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('navigation', { name: 'Sections' }).locator('[aria-current="true"]')).toHaveCount(1);
  });
});
