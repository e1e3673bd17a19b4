import { expect, test } from '../fixtures.ts';
import { signIn, submitProviderLogin } from '../support/sign-in.ts';

/**
 * The page heading each route's owner renders (until later issues fill the pages in). Every path of
 * the route table in libs/contracts is in one of these, or below for `/` and `/auth`.
 */
const SIGNED_IN_HEADINGS: Record<string, string> = {
  '/app': 'Select Your Actor',
  '/create': 'Select Your Actor',
  '/projects': 'Your Projects',
  '/ai-influencer': 'AI Influencer Creator',
  '/ai-influencer-pipeline': 'One Shot Influencer Video',
  '/profile': 'Your Profile',
  '/test-payment-wall': 'Payment Wall Test',
};
const PUBLIC_HEADINGS: Record<string, string> = {
  '/payment-success': 'Payment Successful',
  '/payment-cancel': 'Payment Cancelled',
  // A visitor is asked to log in before the subscription is confirmed.
  '/subscription-success': 'Subscription',
  '/pricing': 'Pricing',
  '/user-influencers': 'User Generated Influencers',
  '/blog': 'Lipcast Blog',
  '/terms': 'Terms of Service',
  '/privacy': 'Privacy Policy',
  '/pitch-deck': 'Lipcast Pitch Deck',
};

test.describe('route table', () => {
  for (const [path, heading] of Object.entries(PUBLIC_HEADINGS)) {
    test(`${path} renders its page with no console error`, async ({ page, consoleErrors }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Terms of Service' })).toBeVisible();
      expect(consoleErrors).toEqual([]);
    });
  }

  for (const [path, heading] of Object.entries(SIGNED_IN_HEADINGS)) {
    test(`${path} asks a visitor to sign in, then renders its page with no console error`, async ({ page, consoleErrors }) => {
      await signIn(page, 'route-walker', path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Terms of Service' })).toBeVisible();
      expect(consoleErrors).toEqual([]);
    });
  }

  // The purchase pages hand a signed-in user straight to the (stand-in's) hosted checkout.
  for (const path of ['/subscribe', '/additional-generations']) {
    test(`${path} asks a visitor to sign in, then opens the hosted checkout`, async ({ page, consoleErrors }) => {
      await page.goto(path);
      await submitProviderLogin(page, 'route-walker');
      await expect(page).toHaveURL(/\/checkout\/cs_\w+$/);
      await expect(page.getByLabel('Card number')).toBeVisible();
      expect(consoleErrors).toEqual([]);
    });
  }

  test('/ shows the landing page with its own header to a signed-out visitor', async ({ page, consoleErrors }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Log in or Sign Up' }).or(page.getByRole('link', { name: 'Log in or Sign Up' }))).toBeVisible();
    await expect(page.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('/auth is the shell\'s login page', async ({ page, consoleErrors }) => {
    await page.goto('/auth');
    await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('an unknown path shows the 404 page with a 404 status', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
    await expect(page).toHaveTitle(/404 Page Not Found/);
  });

  test('page metadata is in the served HTML for crawlers that run no JavaScript', async ({ request }) => {
    const html = await (await request.get('/blog')).text();
    expect(html).toContain('<title>Blog | Lipcast</title>');
    expect(html).toMatch(/<meta property="og:title" content="Blog \| Lipcast"/);
    expect(html).toMatch(/<meta name="description" content="Guides on writing scripts/);
    expect(html).toMatch(/<meta name="twitter:card"/);
  });

  test('navigating in the app updates the title', async ({ page }) => {
    await page.goto('/blog');
    await expect(page).toHaveTitle('Blog | Lipcast');
    await page.getByRole('link', { name: 'Community Influencers' }).first().click();
    await expect(page).toHaveTitle('Community Influencers | Lipcast');
  });
});

test.describe('resilience', () => {
  test('a remote that cannot be fetched fails only its own routes, and Retry recovers', async ({ page }) => {
    await page.route('**/remotes/mfe-billing/**', (route) => route.abort('connectionrefused'));
    await page.goto('/pricing');
    const alert = page.getByRole('alert').filter({ hasText: /could not be loaded/i });
    await expect(alert).toBeVisible();
    await expect(page.getByRole('link', { name: 'Blog' }).first()).toBeVisible();

    await page.getByRole('link', { name: 'Blog' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Lipcast Blog' })).toBeVisible();

    await page.goBack();
    await expect(alert).toBeVisible();
    await page.unroute('**/remotes/mfe-billing/**');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  });

  test('a stopped service fails only its own endpoints with 503 JSON', async ({ page, stack }) => {
    await stack.stopService('content');
    try {
      const posts = await page.request.get('/api/blog/posts?published=true');
      expect(posts.status()).toBe(503);
      expect(posts.headers()['content-type']).toContain('application/json');
      expect(typeof (await posts.json()).message).toBe('string');

      expect((await page.request.get('/api/stripe/plans')).status()).toBe(200);
      expect((await page.request.get('/api/health')).status()).toBe(200);
      // The gateway stays ready (one service down is not the site down); the operator view names it.
      expect((await page.request.get('/api/ready')).status()).toBe(200);
      const { services } = await (await page.request.get(`${stack.opsUrls.gateway}/status`)).json();
      expect(services.content).toMatchObject({ ok: false });
      expect(services.billing).toMatchObject({ ok: true });

      await page.goto('/pricing');
      await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
    } finally {
      await stack.startService('content');
    }
    await expect.poll(async () => (await page.request.get('/api/blog/posts?published=true')).status(), { timeout: 30_000 }).toBe(200);
  });
});
