import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { signIn } from '../support/sign-in.ts';

/**
 * Purchases through the local Stripe stand-in's hosted checkout, as a person pays: the card form,
 * the return page, and the plan or credits that arrive by signed webhook.
 */
const GOOD_CARD = '4242 4242 4242 4242';
const DECLINED_CARD = '4000 0000 0000 0002';
const uniqueName = (label: string) => `${label}${Date.now().toString(36)}`;

async function payOnCheckoutPage(page: Page, card: string): Promise<void> {
  await expect(page).toHaveURL(/\/checkout\/cs_/);
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: 'Pay' }).click();
}

async function subscribe(page: Page): Promise<void> {
  await page.goto('/subscribe');
  await payOnCheckoutPage(page, GOOD_CARD);
  await expect(page).toHaveURL(/\/subscription-success\?session_id=cs_/);
  await expect(page.getByRole('heading', { name: 'Subscription Active!' })).toBeVisible();
}

const header = (page: Page) => page.getByRole('banner');

test.describe('purchases', () => {
  test('a free user subscribes through the hosted checkout and becomes premium in the header and profile', async ({ page, consoleErrors }) => {
    await signIn(page, uniqueName('subscriber'));
    await expect(header(page).getByRole('link', { name: 'Upgrade to Premium' })).toBeVisible();

    await subscribe(page);
    await expect(header(page).getByText('Premium', { exact: true })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Upgrade to Premium' })).toHaveCount(0);

    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
    await expect(page.getByText(/renews on/i)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('a user buys a pack of 15 generations', async ({ page }) => {
    await signIn(page, uniqueName('packbuyer'));
    await page.goto('/additional-generations');
    await payOnCheckoutPage(page, GOOD_CARD);
    await expect(page).toHaveURL(/\/payment-success\?session_id=cs_/);
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();

    // Granted by the webhook, not by the page: the profile shows it once Stripe has told us.
    await expect(async () => {
      await page.goto('/profile');
      await expect(page.getByText(/15 extra generations/i)).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 20_000 });
  });

  test('a declined card shows Stripe\'s message and changes nothing', async ({ page }) => {
    await signIn(page, uniqueName('declined'));
    await page.goto('/subscribe');
    await payOnCheckoutPage(page, DECLINED_CARD);
    await expect(page.getByRole('alert')).toHaveText(/Your card was declined\./);

    await page.getByRole('link', { name: /cancel|back/i }).click();
    await expect(page).toHaveURL(/\/payment-cancel$/);
    await expect(page.getByRole('link', { name: 'Return to App' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/subscribe');
    await expect(header(page).getByRole('link', { name: 'Upgrade to Premium' })).toBeVisible();
  });

  test('cancelling a subscription keeps premium until the period ends', async ({ page }) => {
    await signIn(page, uniqueName('canceller'));
    await subscribe(page);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: /cancel subscription|yes/i }).click();

    await expect(page.getByText(/active until/i)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
    await page.reload();
    await expect(header(page).getByText('Premium', { exact: true })).toBeVisible();
    await expect(page.getByText(/active until/i)).toBeVisible();
  });

  test('the paywall opened with a limit leads to the checkout', async ({ page }) => {
    await signIn(page, uniqueName('paywall'));
    await page.goto('/test-payment-wall');
    // The shell mounts the paywall once the billing remote has loaded; until then a request opens /subscribe.
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: /open the paywall/i }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: "You've reached your free limit" })).toBeVisible();
    await expect(dialog.getByText(/all 3 free generations/i)).toBeVisible();
    await expect(dialog.getByText('Best Value')).toBeVisible();
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    await payOnCheckoutPage(page, GOOD_CARD);
    await expect(page.getByRole('heading', { name: 'Subscription Active!' })).toBeVisible();
  });
});
