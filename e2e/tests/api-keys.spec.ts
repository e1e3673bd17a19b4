import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures.ts';
import { signIn } from '../support/sign-in.ts';

test.describe('API keys', () => {
  test('a key made in the profile calls the public API until it is revoked', async ({ page, consoleErrors }) => {
    await signIn(page, `keys${Date.now().toString(36)}`);
    await page.goto('/profile');

    const form = page.getByRole('form', { name: 'Create an API key' });
    await form.getByLabel('Key name').fill('Playwright');
    await expect(form.getByRole('checkbox', { name: /videos:read/ })).toBeChecked();
    await form.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByLabel('Your new API key');
    await expect(shown).toHaveValue(/^lc_live_[A-Za-z0-9_-]{43}$/);
    await expect(page.getByText('it will not be shown again', { exact: false })).toBeVisible();
    const key = await shown.inputValue();
    // The section with its form, the new key and the list: nothing serious for assistive technology.
    const axe = await new AxeBuilder({ page }).include('[role="region"][aria-label="API keys"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? '')).map((violation) => violation.id)).toEqual([]);
    const keys = page.getByRole('list', { name: 'Your API keys' });
    await expect(keys.getByText(`${key.slice(0, 12)}…`)).toBeVisible();

    const voices = await page.request.get('/api/v1/voices', { headers: { authorization: `Bearer ${key}` } });
    expect(voices.status()).toBe(200);
    expect((await voices.json()).data).toContainEqual({ id: 'Wise_Woman', name: 'Wise Woman', gender: 'female', tone: 'calm' });

    await page.getByRole('button', { name: 'I have copied it' }).click();
    await expect(shown).toHaveCount(0);
    await keys.getByRole('button', { name: 'Revoke Playwright' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke key' }).click();
    await expect(page.getByText('No API keys yet.')).toBeVisible();

    // Refused, although the page's session cookie goes along: /api/v1 knows keys only.
    const refused = await page.request.get('/api/v1/voices', { headers: { authorization: `Bearer ${key}` } });
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'This API key was revoked', details: null } });
    expect(consoleErrors).toEqual([]);
  });
});
