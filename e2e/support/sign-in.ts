import { expect, type Page } from '@playwright/test';

/** Answers the embedded identity provider's own sign-in page, as a person would. */
export async function submitProviderLogin(page: Page, username: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in from a page (by default the login page) and waits for the signed-in header. */
export async function signIn(page: Page, username: string, from = '/auth'): Promise<void> {
  await page.goto(from);
  if (from === '/auth') await page.getByRole('button', { name: 'Sign in' }).click();
  await submitProviderLogin(page, username);
  await expect(page.getByRole('button', { name: new RegExp(`Account menu for ${username}`, 'i') })).toBeVisible();
}
