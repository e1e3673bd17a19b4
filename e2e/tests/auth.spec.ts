import { expect, test } from '../fixtures.ts';
import { signIn, submitProviderLogin } from '../support/sign-in.ts';

const SESSION_COOKIE = 'lipcast.sid';

test.describe('sign-in through the embedded OpenID Connect provider', () => {
  test('sign in, see the username and count, stay signed in after a reload, log out', async ({ page }) => {
    await signIn(page, 'Ada');
    const accountMenu = page.getByRole('banner').getByRole('button', { name: /Account menu for ada/i });
    await expect(page.getByRole('banner').getByText('3 of 3 videos left')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Upgrade to Premium' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Select Your Actor' })).toBeVisible();

    await page.reload();
    await accountMenu.click();
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Log in or Sign Up' })).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    await page.goto('/pricing');
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  });

  test('the session cookie is httpOnly and SameSite=Lax, and a new session id is issued at sign-in', async ({ page, context }) => {
    await page.goto('/api/login?returnTo=/pricing');
    await expect(page.getByLabel('Username')).toBeVisible();
    const before = (await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
    expect(before).toBeDefined();

    await submitProviderLogin(page, 'grace');
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
    const after = (await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE)!;
    expect(after.httpOnly).toBe(true);
    expect(after.sameSite).toBe('Lax');
    expect(after.value).not.toBe(before!.value);
  });

  test('a sign-in never returns to another site', async ({ page, stack }) => {
    await page.goto('/api/login?returnTo=https://evil.example/steal');
    await submitProviderLogin(page, 'mallory');
    await expect(page).toHaveURL(`${stack.url}/`);
  });

  test('a second user sees only their own account', async ({ browser, baseURL }) => {
    const first = await browser.newPage({ baseURL });
    const second = await browser.newPage({ baseURL });
    await signIn(first, 'alice');
    await signIn(second, 'bob');
    const alice = await (await first.request.get('/api/auth/user')).json();
    const bob = await (await second.request.get('/api/auth/user')).json();
    expect(alice).toMatchObject({ username: 'alice', email: 'alice@lipcast.local', generationsCount: 0 });
    expect(bob).toMatchObject({ username: 'bob', email: 'bob@lipcast.local' });
    expect(bob.id).not.toBe(alice.id);
    await first.close();
    await second.close();
  });

  test('a state-changing request from another site is refused', async ({ request }) => {
    const response = await request.post('/api/blog/posts', { headers: { Origin: 'https://evil.example' } });
    expect(response.status()).toBe(403);
    expect((await response.json()).message).toContain('another site');
  });

  test('a forged callback is refused and lands on the login page with the failure toast', async ({ page }) => {
    await page.goto('/api/login');
    await expect(page.getByLabel('Username')).toBeVisible();
    await page.goto('/api/callback?code=forged&state=forged');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
  });
});
