/** Debian's Chromium as the benchmarks drive it, and the embedded identity provider's sign-in. */
import type { Page } from '@playwright/test';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Without the background-networking flags Chromium keeps dialling Google's hosts, which this machine refuses. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/** Signs a new user in through the login page and the dev provider, and waits for the signed-in header. */
export async function signInAsNewUser(page: Page, baseUrl: string, prefix = 'bench'): Promise<void> {
  await page.goto(`${baseUrl}/auth`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Username').fill(`${prefix}-${Date.now()}`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: /Account menu for/ }).waitFor();
}
