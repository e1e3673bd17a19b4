import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { signIn } from '../support/sign-in.ts';

/**
 * Issue 21, "Remote styles are self-contained": a remote's stylesheet holds its own classes, scoped
 * to its element and to its portal host, so a pop-up it renders is styled without the shell's
 * stylesheet knowing its classes (the shell is not rebuilt when a remote starts using one).
 */
const REMOTE_ONLY_CLASS = 'accent-brand-600'; // the plan radios' colour (mfe-billing); the shell never uses it

/** The selectors of every rule in the stylesheets served by the shell itself (at `/`, not under `/remotes/`). */
function shellSelectors(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selectors: string[] = [];
    const walk = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) selectors.push(rule.selectorText);
        if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) {
      if (sheet.href && new URL(sheet.href).pathname.split('/').length === 2) walk(sheet.cssRules);
    }
    return selectors;
  });
}

test('a dialog a remote renders takes its own styles, which the shell does not have', async ({ page, consoleErrors }) => {
  await signIn(page, `styles${Date.now().toString(36)}`);
  await page.goto('/test-payment-wall');
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: /open the paywall \(free limit/i }).click();

  const host = page.locator('body > [data-portal-host][data-remote="mfe_billing"]');
  const dialog = host.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const radio = dialog.getByRole('radio').first();
  await expect(radio).toHaveClass(new RegExp(`\\b${REMOTE_ONLY_CLASS}\\b`));

  const selectors = await shellSelectors(page);
  expect(selectors.length).toBeGreaterThan(100); // the shell's stylesheet was read
  expect(selectors.filter((selector) => selector.includes(REMOTE_ONLY_CLASS))).toEqual([]);

  // The radio is drawn in the brand colour: the remote's scoped rule reached into its portal host.
  const [accent, brand] = await radio.evaluate((element) => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--color-brand-600)';
    document.body.append(probe);
    const colours = [getComputedStyle(element).accentColor, getComputedStyle(probe).color];
    probe.remove();
    return colours;
  });
  expect(accent).not.toBe('auto');
  expect(accent).toBe(brand);
  // The dialog panel has the design system's look too (white, rounded), from the remote's copy.
  expect(await dialog.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(255, 255, 255)');
  expect(consoleErrors).toEqual([]);
});
