import { createRequire } from 'node:module';
import pg from 'pg';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { signIn } from '../support/sign-in.ts';

// The route table as the built contracts library has it (CommonJS, which this ES module cannot import by name).
const { ROUTES } = createRequire(import.meta.url)('@lipcast/contracts') as typeof import('@lipcast/contracts');

interface Violation {
  page: string;
  directive: string;
  blocked: string;
}

/**
 * Collects every Content-Security-Policy violation our origin's pages report, as it happens (a page
 * that redirects away cannot lose them), plus Chromium's console messages about the policy.
 */
async function watchCsp(context: BrowserContext, page: Page, origin: string): Promise<Violation[]> {
  const violations: Violation[] = [];
  await context.exposeBinding('__reportCspViolation', (_source, violation: Violation) => {
    if (new URL(violation.page).origin === origin) violations.push(violation);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (violation: Violation) => void }).__reportCspViolation;
      void report({ page: location.href, directive: event.effectiveDirective, blocked: event.blockedURI });
    });
  });
  page.on('console', (message) => {
    const url = message.location().url;
    if (message.text().includes('Content Security Policy') && (!url || url.startsWith(origin))) {
      violations.push({ page: url, directive: 'console', blocked: message.text() });
    }
  });
  return violations;
}

/**
 * Every path of the route table, `/blog/:slug` as a published post of its own (other suites on the
 * same stack may empty the table), plus an unknown path (the 404 page).
 */
async function routePaths(databaseUrl: string): Promise<{ path: string; requiresAuth: boolean }[]> {
  const slug = `csp-walk-${Date.now().toString(36)}`;
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  try {
    await database.query(`insert into content.blog_post (title, slug, excerpt, body, published_at) values ('CSP walk', $1, 'A post to walk.', 'Body', now() - interval '1 day')`, [slug]);
  } finally {
    await database.end();
  }
  return [
    ...ROUTES.map((route) => ({ path: route.path.replace(':slug', slug), requiresAuth: route.requiresAuth })),
    { path: '/no-such-page', requiresAuth: false },
  ];
}

/** The page works: its heading shows (or, for the purchase pages, the hosted checkout opened). */
async function expectPageWorks(page: Page, path: string, origin: string): Promise<void> {
  await page.goto(path);
  if (['/subscribe', '/additional-generations'].includes(path)) {
    await expect(page).toHaveURL(/\/checkout\/cs_\w+$/);
    return;
  }
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByText(/could not be loaded/i)).toHaveCount(0);
  expect(new URL(page.url()).origin).toBe(origin);
  // Lazy chunks, styles and pictures load after the heading; let them settle before the next page.
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
}

test.describe('security headers', () => {
  test('every kind of response carries the policy and the other headers', async ({ request }) => {
    for (const path of ['/', '/blog', '/no-such-page', '/main.js', '/remotes.json', '/remotes/mfe-wizard/mf-manifest.json', '/api/health', '/api/auth/user']) {
      const response = await request.get(path);
      const headers = response.headers();
      expect([path, headers['content-security-policy']]).toEqual([path, expect.stringContaining("default-src 'self'")]);
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy']).not.toContain('unsafe-eval');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['x-frame-options']).toBe('DENY');
      // The test stack is plain http: no HSTS.
      expect(headers['strict-transport-security']).toBeUndefined();
    }
  });

  test('every process answers its operator-only status on its own port, never on the public origin', async ({ request, stack }) => {
    for (const name of ['gateway', 'auth', 'generation', 'billing', 'content'] as const) {
      const status = await (await request.get(`${stack.opsUrls[name]}/status`)).json();
      expect(status).toMatchObject({ process: name, ready: true, dependencies: expect.objectContaining({ postgres: expect.objectContaining({ ok: true }) }) });
    }
    const generation = await (await request.get(`${stack.opsUrls.generation}/status`)).json();
    expect(generation.ffmpeg).toEqual({ path: expect.stringMatching(/ffmpeg/), version: expect.any(String) });
    expect((await request.get('/api/ops/status')).status()).toBe(404);
  });

  test('every route works for a visitor under the policy, with no violation', async ({ page, context, stack }) => {
    const violations = await watchCsp(context, page, stack.url);
    for (const { path, requiresAuth } of await routePaths(stack.env.DATABASE_URL)) {
      if (requiresAuth) continue; // these send a visitor to sign in: walked signed in below
      await expectPageWorks(page, path, stack.url);
    }
    expect(violations).toEqual([]);
  });

  test('every route works for a signed-in user with a profile picture, with no violation', async ({ page, context, stack }) => {
    const violations = await watchCsp(context, page, stack.url);
    await signIn(page, 'csp-walker');
    // Pictures come from the identity provider's claims and may be anywhere (here Google's image host).
    const database = new pg.Client({ connectionString: stack.env.DATABASE_URL });
    await database.connect();
    try {
      await database.query(`update auth."user" set profile_image_url = 'https://lh3.googleusercontent.com/a/csp-walker.png' where username = 'csp-walker'`);
    } finally {
      await database.end();
    }
    for (const { path } of await routePaths(stack.env.DATABASE_URL)) await expectPageWorks(page, path, stack.url);
    await page.goto('/profile');
    await expect(page.locator('img[src^="https://lh3.googleusercontent.com/"]')).toHaveCount(1);
    await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
    expect(violations).toEqual([]);
  });
});
