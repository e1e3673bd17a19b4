import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { signIn } from '../support/sign-in.ts';

/** The stack's dev identity provider puts usernames starting with "admin" in the operators' group (tools/lib/stack.ts). */
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

async function openAccountMenu(page: Page, username: string) {
  await page.getByRole('button', { name: `Account menu for ${username}` }).click();
  return page.getByRole('menu');
}

test.describe('operator console', () => {
  test('a user without the admin role gets 403 from every admin API and never sees the console', async ({ page, baseURL }) => {
    const username = unique('plain');
    await signIn(page, username);
    expect((await (await page.request.get('/api/auth/user')).json()).roles).toEqual([]);

    // Every admin operation the API documents, so one added later is covered the day it is added.
    const document = (await (await page.request.get('/api/docs-json')).json()) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })));
    expect(operations.length).toBeGreaterThanOrEqual(15);
    const answers: string[] = [];
    for (const { method, path } of operations) {
      const url = path.replace('{influencerId}', '1').replace('{id}', path.includes('/posts/') ? '1' : randomUUID());
      const response = await page.request.fetch(url, { method, headers: { origin: baseURL! }, data: method === 'GET' ? undefined : { delta: 1, reason: 'a refund' } });
      answers.push(`${method} ${path} ${response.status()}`);
    }
    expect(answers).toEqual(operations.map(({ method, path }) => `${method} ${path} 403`));

    // No way in from the header, and the page itself says no.
    const menu = await openAccountMenu(page, username);
    await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Operator console' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'You do not have access' })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(0);
  });

  test("an operator refunds a failed job's credit and publishes a post that then appears on /blog", async ({ page: operator, browser, baseURL, stack, consoleErrors }) => {
    // The creator, whose lip-sync failed.
    const creator = await browser.newPage({ baseURL });
    const creatorName = unique('creator');
    await signIn(creator, creatorName);
    const creatorId = ((await (await creator.request.get('/api/auth/user')).json()) as { id: string }).id;
    await expect(creator.getByText('3 of 3 videos left').first()).toBeVisible();
    // The embedded providers do not fail on demand, so the failed job is written as the worker
    // records one: failed after an attempt, its reservation released.
    const jobId = randomUUID();
    const database = new pg.Client({ connectionString: stack.env.DATABASE_URL });
    await database.connect();
    try {
      await database.query(
        `insert into generation.job (id, user_id, kind, status, input, error, credit, attempts, progress)
         values ($1, $2, 'lipsync', 'failed', '{}', 'Video generation failed. Please try again.', 'released', 1, 40)`,
        [jobId, creatorId],
      );
    } finally {
      await database.end();
    }

    // The operator finds it from the header's console link, by the creator's name and its state.
    const operatorName = unique('admin');
    await signIn(operator, operatorName);
    await (await openAccountMenu(operator, operatorName)).getByRole('menuitem', { name: 'Operator console' }).click();
    await expect(operator).toHaveURL(/\/admin$/);
    await expect(operator.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();
    await expect(operator.getByRole('row', { name: /generation-cpu-workers/ })).toBeVisible();

    await operator.getByRole('tab', { name: 'Jobs' }).click();
    await operator.getByLabel('Status').selectOption('failed');
    await operator.getByRole('textbox', { name: 'User', exact: true }).fill(creatorName);
    await operator.getByRole('button', { name: 'Apply filters' }).click();
    await operator.getByRole('button', { name: `Show job ${jobId}` }).click();
    const detail = operator.getByRole('region', { name: `Job ${jobId}` });
    await expect(detail.getByRole('definition').filter({ hasText: 'Video generation failed. Please try again.' })).toBeVisible();
    await expect(detail.getByRole('list', { name: 'Timeline' })).toContainText('failed: Video generation failed. Please try again.');
    await detail.getByRole('button', { name: "Adjust this user's credits" }).click();

    // The refund: +1 for that job, with a reason, recorded in the ledger with the operator.
    await expect(operator.getByRole('heading', { name: `Account of ${creatorName}` })).toBeVisible();
    await expect(operator.getByTestId('generations-left')).toHaveText('3');
    await expect(operator.getByLabel('Generations (+ gives, − takes back)')).toHaveValue('1');
    await expect(operator.getByLabel('Job id (optional)')).toHaveValue(jobId);
    await operator.getByLabel('Reason').fill('Refund of a failed lip-sync');
    await operator.getByRole('button', { name: 'Adjust credits' }).click();
    await expect(operator.getByText('Credits adjusted by +1').first()).toBeVisible();
    await expect(operator.getByTestId('generations-left')).toHaveText('4');
    const ledger = operator.getByRole('table', { name: 'Credit ledger, newest first' });
    for (const cell of ['adjustment', '+1', jobId, operatorName, 'Refund of a failed lip-sync']) await expect(ledger.getByRole('row').nth(1)).toContainText(cell);

    // The creator sees the generation given back.
    await creator.reload();
    await expect(creator.getByText('4 of 4 videos left').first()).toBeVisible();

    // A post written, published now, and read on the public blog.
    await operator.getByRole('tab', { name: 'Posts' }).click();
    await operator.getByRole('button', { name: 'New post' }).click();
    const title = `Operator notes ${unique('')}`;
    await operator.getByLabel('Title', { exact: true }).fill(title);
    await expect(operator.getByLabel('Slug')).toHaveValue(title.toLowerCase().replaceAll(' ', '-'));
    await operator.getByLabel('Excerpt', { exact: true }).fill('What the operators changed this week.');
    await operator.getByLabel('Body (Markdown)').fill('# Changes\n\nThe queue is faster now.');
    await operator.getByLabel('Publish now').check();
    await operator.getByRole('button', { name: 'Save post' }).click();
    await expect(operator.getByText('Post published').first()).toBeVisible();
    await expect(operator.getByRole('row', { name: new RegExp(title) })).toContainText('published');

    const visitor = await browser.newPage({ baseURL });
    await visitor.goto('/blog');
    const card = visitor.getByRole('article').filter({ hasText: title });
    await expect(card).toContainText('What the operators changed this week.');
    await card.getByRole('link').first().click();
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(visitor.getByText('The queue is faster now.')).toBeVisible();

    // Both actions are in the audit log with the operator.
    await operator.getByRole('tab', { name: 'Audit log' }).click();
    const audit = operator.getByRole('table', { name: 'Operator actions, newest first' });
    await expect(audit.getByRole('row').filter({ hasText: 'credits.adjust' }).first()).toContainText(operatorName);
    await expect(audit.getByRole('row').filter({ hasText: 'post.create' }).first()).toContainText(operatorName);
    // The operator's page logged no error through all of it.
    expect(consoleErrors).toEqual([]);
    for (const opened of [creator, visitor]) await opened.close();
  });
});
