import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import type { CaughtMail } from '@lipcast/tools/mail/catcher.ts';
import { caughtMailTo } from '@lipcast/tools/mail/inbox.ts';
import { expect, test } from '../fixtures.ts';
import { signIn } from '../support/sign-in.ts';

const CONFIRMATION_SUBJECT = 'Confirm your Lipcast newsletter subscription';
/** As accessibility.spec.ts: WCAG 2.1 A and AA, serious and critical violations block. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** Signs an address up on the blog's newsletter form, as a visitor does. */
async function signUp(page: Page, email: string) {
  await page.goto('/blog');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText(`Check your inbox: we sent a confirmation link to ${email}.`).first()).toBeVisible();
}

/** The number the tab shows in "N confirmed subscribers". */
async function confirmedCount(tab: Locator): Promise<number> {
  const line = tab.getByText(/confirmed subscribers? \(sign-ups that have not confirmed get nothing\)/);
  await expect(line).toBeVisible();
  return Number(/^(\d+) confirmed/.exec((await line.textContent()) ?? '')![1]);
}

const linkIn = (mail: CaughtMail, label: string) => new RegExp(`${label}: (\\S+)`).exec(mail.text)![1];

test.describe('newsletter issues', () => {
  test('an operator sends an issue from the console: only the confirmed address gets it, once, and can unsubscribe from it', async ({ page: operator, browser, baseURL, stack, consoleErrors }) => {
    test.setTimeout(120_000);
    expect(stack.mailUrl, 'the test stacks run the local mail catcher').toBeTruthy();
    const inbox = (address: string) => caughtMailTo(address, stack.mailUrl);

    // Two visitors sign up; each gets the double opt-in mail.
    const visitor = await browser.newPage({ baseURL });
    const confirmed = `${unique('issue-reader-')}@example.com`;
    const unconfirmed = `${unique('issue-lurker-')}@example.com`;
    await signUp(visitor, confirmed);
    await signUp(visitor, unconfirmed);
    let confirmation: CaughtMail | undefined;
    await expect.poll(async () => (confirmation = (await inbox(confirmed))[0])?.subject).toBe(CONFIRMATION_SUBJECT);
    await expect.poll(async () => (await inbox(unconfirmed)).map((mail) => mail.subject)).toEqual([CONFIRMATION_SUBJECT]);

    // The operator's count goes up by one when the first visitor confirms, and not for the second.
    await signIn(operator, unique('admin'));
    await operator.goto('/admin?tab=newsletter');
    await expect(operator.getByRole('tab', { name: 'Newsletter', selected: true })).toBeVisible();
    const tab = operator.getByRole('tabpanel', { name: 'Newsletter' });
    await expect(tab.getByRole('heading', { level: 2, name: 'Newsletter' })).toBeVisible();
    const before = await confirmedCount(tab);

    await visitor.goto(linkIn(confirmation!, 'Confirm my subscription'));
    await visitor.getByRole('button', { name: 'Confirm subscription' }).click();
    await expect(visitor.getByRole('heading', { level: 1, name: 'Subscription confirmed' })).toBeVisible();
    await operator.reload();
    const recipients = before + 1;
    expect(await confirmedCount(tab)).toBe(recipients);

    // The issue, previewed paragraph by paragraph as it is written.
    const subject = `Console news ${unique('')}`;
    const paragraphs = ['The queue is faster this month.', 'Captions now come in\nfour more languages.'];
    const preview = tab.getByRole('region', { name: 'Preview' });
    await expect(preview).toContainText('The preview appears as you write.');
    await tab.getByLabel('Subject').fill(subject);
    await tab.getByLabel('Body (plain text; a blank line starts a new paragraph)').fill(paragraphs.join('\n\n'));
    await expect(preview.getByText(subject, { exact: true })).toBeVisible();
    for (const paragraph of paragraphs) await expect(preview.getByRole('paragraph').filter({ hasText: paragraph.replace('\n', ' ') })).toHaveCount(1);

    // Sent after the dialog, which names how many subscribers it goes to.
    await tab.getByRole('button', { name: 'Send issue' }).click();
    const dialog = operator.getByRole('alertdialog', { name: `Send to ${recipients} ${recipients === 1 ? 'subscriber' : 'subscribers'}?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(operator.getByText(`Sending the issue to ${recipients} ${recipients === 1 ? 'subscriber' : 'subscribers'}`).first()).toBeVisible();
    await expect(tab.getByLabel('Subject')).toHaveValue('');

    // The list follows the sending until every recipient has it.
    const issues = tab.getByRole('table', { name: 'Newsletter issues, newest first' });
    const row = issues.getByRole('row').filter({ has: operator.getByRole('rowheader', { name: subject, exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell').nth(1)).toHaveText(`${recipients} / ${recipients}`, { timeout: 45_000 });
    await expect(row.getByRole('cell').nth(2)).toHaveText(/^sent /);
    await expect(row.getByRole('button')).toHaveCount(0);

    // The tab, with a sent issue in its list, has no serious or critical violation.
    const results = await new AxeBuilder({ page: operator }).withTags(WCAG_TAGS).analyze();
    const violations = results.violations
      .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
      .map((violation) => `${violation.impact} ${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    expect(violations).toEqual([]);

    // The confirmed address has the issue once, with its paragraphs; the other only its confirmation mail.
    const issueMails = (await inbox(confirmed)).filter((mail) => mail.subject === subject);
    expect(issueMails).toHaveLength(1);
    for (const paragraph of paragraphs) expect(issueMails[0].text).toContain(paragraph);
    expect((await inbox(unconfirmed)).map((mail) => mail.subject)).toEqual([CONFIRMATION_SUBJECT]);

    // The issue's unsubscribe link works, and the console counts one subscriber fewer.
    await visitor.goto(linkIn(issueMails[0], 'Unsubscribe'));
    await expect(visitor.getByRole('heading', { level: 1, name: 'Unsubscribe from the newsletter' })).toBeVisible();
    await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(visitor.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
    await operator.reload();
    expect(await confirmedCount(tab)).toBe(before);

    // The operator's page logged no error through all of it.
    expect(consoleErrors).toEqual([]);
    await visitor.close();
  });
});
