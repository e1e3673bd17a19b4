import { expect, test } from '../fixtures.ts';

test.describe('plans', () => {
  test('the pricing page offers the monthly plan and the one-time pack from the billing service', async ({ page, consoleErrors }) => {
    await page.goto('/pricing');
    await expect(page.getByText('Best Value')).toBeVisible();
    await expect(page.getByText('$29.00')).toBeVisible();
    await expect(page.getByText('60 generations monthly')).toBeVisible();
    await expect(page.getByText('Full access to all features')).toBeVisible();
    await expect(page.getByText('$20.00')).toBeVisible();
    await expect(page.getByText('15 additional generations')).toBeVisible();
    await expect(page.getByText('No subscription required')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Subscribe Now' })).toHaveAttribute('href', '/subscribe');
    await expect(page.getByRole('link', { name: 'Buy Credits' })).toHaveAttribute('href', '/additional-generations');
    await expect(page.getByText('$29.00 / month')).toBeVisible();
    await expect(page.getByText('$20.00 one-time payment')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});
