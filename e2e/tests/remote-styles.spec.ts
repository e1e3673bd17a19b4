import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { signIn } from '../support/sign-in.ts';

/**
 * Issue 21, "Remote styles are self-contained": a remote's stylesheet holds its own classes, scoped
 * to its element and to its portal host, so a pop-up it renders is styled without the shell's
 * stylesheet knowing its classes (the shell is not rebuilt when a remote starts using one).
 */
// The chosen plan's tint (mfe-billing's offer list); neither the shell nor libs/ui uses it.
const REMOTE_ONLY_CLASS = 'bg-brand-50/50';
/** How the class appears in a rule's selector text. */
const REMOTE_ONLY_SELECTOR = `.${REMOTE_ONLY_CLASS.replace('/', '\\/')}`;

/** The selectors of every rule in the stylesheets served by the shell itself (at `/`), or by the remotes (under `/remotes/`). */
function selectorsOf(page: Page, served: 'shell' | 'remotes'): Promise<string[]> {
  return page.evaluate((served) => {
    const selectors: string[] = [];
    const walk = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) selectors.push(rule.selectorText);
        if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) {
      if (!sheet.href) continue;
      const path = new URL(sheet.href).pathname;
      if (served === 'shell' ? path.split('/').length === 2 : path.startsWith('/remotes/')) walk(sheet.cssRules);
    }
    return selectors;
  }, served);
}

test('a dialog a remote renders takes its own styles, which the shell does not have', async ({ page, consoleErrors }) => {
  await signIn(page, `styles${Date.now().toString(36)}`);
  await page.goto('/test-payment-wall');
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: /open the paywall \(free limit/i }).click();

  const host = page.locator('body > [data-portal-host][data-remote="mfe_billing"]');
  const dialog = host.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const chosen = dialog.locator('label').filter({ has: page.getByRole('radio', { checked: true }) });
  await expect(chosen).toHaveClass(new RegExp(`(^|\\s)${REMOTE_ONLY_CLASS.replace('/', '\\/')}(\\s|$)`));

  const selectors = await selectorsOf(page, 'shell');
  expect(selectors.length).toBeGreaterThan(100); // the shell's stylesheet was read
  expect(selectors.filter((selector) => selector.includes(REMOTE_ONLY_SELECTOR))).toEqual([]);
  expect((await selectorsOf(page, 'remotes')).some((selector) => selector.includes(REMOTE_ONLY_SELECTOR))).toBe(true);

  // The chosen plan is tinted as the class means: the remote's scoped rule reached into its portal host.
  // The tint is computed beside it, from the same design token, on a probe that is removed at once.
  const tint = await chosen.evaluate((element) => {
    const probe = document.createElement('div');
    probe.style.backgroundColor = 'color-mix(in oklab, var(--color-brand-50) 50%, transparent)';
    element.parentElement!.append(probe);
    const color = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return color;
  });
  expect(tint).not.toBe('rgba(0, 0, 0, 0)'); // the token resolved: a transparent tint would match an untinted plan
  await expect(chosen).toHaveCSS('background-color', tint);
  // The dialog panel has the design system's look too (white, rounded), from the remote's copy.
  expect(await dialog.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(255, 255, 255)');
  expect(consoleErrors).toEqual([]);
});
