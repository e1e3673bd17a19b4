import { expect, type Page } from '@playwright/test';

/** Signs in through the embedded identity provider's own page, as a person would. */
export async function signIn(page: Page, username: string, from = '/auth'): Promise<void> {
  await page.goto(from);
  if (from === '/auth') await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('link', { name: new RegExp(username, 'i') }).first()).toBeVisible();
}
