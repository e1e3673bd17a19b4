import { readFile } from 'node:fs/promises';
import { expect, test } from '../fixtures.ts';
import { signIn } from '../support/sign-in.ts';

const ACTOR = 'ipfs-puppet-video-2';
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** 5 rows of the actor, row 2 without a script and row 4 with an emotion no voice speaks. */
function csvWithTwoInvalidRows(): string {
  const lines = ['actor,influencer,script,voice,emotion,speed,pitch'];
  for (let row = 1; row <= 5; row++) {
    if (row === 2) lines.push(`${ACTOR},,,Friendly_Person,,,`);
    else if (row === 4) lines.push(`${ACTOR},,Angry row.,Friendly_Person,furious,,`);
    else if (row % 5 === 0) lines.push(`${ACTOR},,"Row ${row}, said with a comma.",Wise_Woman,happy,1.1,1`);
    else lines.push(`${ACTOR},,Row ${row} of the batch.,Friendly_Person,,,`);
  }
  return `${lines.join('\n')}\n`;
}

/** The file names of a ZIP, read from its central directory (found through the end-of-central-directory record). */
function zipEntryNames(zip: Buffer): string[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('no end-of-central-directory record: not a whole ZIP');
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let index = 0; index < count; index++) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error(`central directory entry ${index} is not where the directory says`);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    names.push(zip.subarray(offset + 46, offset + 46 + nameLength).toString('utf8'));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** What the page's batch leaves for the API test after it. */
const made: { batchId?: string; key?: string } = {};

test.describe.serial('CSV batches', () => {
  test('a 5-row CSV with two invalid rows on the batch page: the two reported per row, 3 videos, a ZIP of 3 MP4s', async ({ page, browser, baseURL, consoleErrors }) => {
    test.setTimeout(900_000);
    const username = unique('batcher');
    await signIn(page, username);
    const user = (await (await page.request.get('/api/auth/user')).json()) as { id: string };

    // An operator grants 20 pack generations through the ledger (3 free + 20).
    const operatorContext = await browser.newContext({ baseURL });
    const operator = await operatorContext.newPage();
    await signIn(operator, unique('admin'));
    const granted = await operator.request.post(`/api/admin/users/${user.id}/credits`, { data: { delta: 20, reason: 'e2e CSV batch' }, headers: { origin: baseURL! } });
    expect(granted.status()).toBe(200);
    await operatorContext.close();

    // The page is in the account menu.
    await page.reload();
    await page.getByRole('button', { name: `Account menu for ${username}` }).click();
    await page.getByRole('menuitem', { name: 'Batch videos' }).click();
    await expect(page).toHaveURL(/\/batches$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Batch videos' })).toBeVisible();
    await expect(page.getByText('you have 23 left')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download the example CSV' })).toHaveAttribute('download', 'lipcast-batch-template.csv');

    await page.getByLabel('CSV file').setInputFiles({ name: 'batch.csv', mimeType: 'text/csv', buffer: Buffer.from(csvWithTwoInvalidRows()) });
    const [created] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/batches'),
      page.getByRole('button', { name: 'Upload and start' }).click(),
    ]);
    expect(created.status()).toBe(202);
    made.batchId = ((await created.json()) as { id: string }).id;

    // The two invalid rows, each with its field and message; nothing charged for them.
    const errors = page.getByRole('table', { name: 'Rows with errors' });
    await expect(errors.getByRole('row')).toHaveCount(3);
    await expect(errors.getByRole('row').nth(1)).toHaveText(/^2\s*script\s*script is required$/);
    await expect(errors.getByRole('row').nth(2)).toHaveText(/^4\s*emotion\s*emotion must be one of: /);

    // The 3 valid rows run to the end; the live region says so.
    await expect(page.getByRole('status').filter({ hasText: 'videos done' })).toHaveText('3 of 3 videos done, 2 not run. The batch is complete.', { timeout: 840_000 });
    const progress = page.getByRole('table', { name: "Each row's video" });
    await expect(progress.getByRole('row')).toHaveCount(4);
    await expect(progress.getByText('Done', { exact: true })).toHaveCount(3);
    await expect(progress.getByRole('link', { name: /^Watch row \d+$/ })).toHaveCount(3);
    // Only the 3 videos were charged: 23 - 3 left.
    await expect(page.getByText('you have 20 left')).toBeVisible();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download all (ZIP)' }).click()]);
    const zip = await readFile((await download.path())!);
    const names = zipEntryNames(zip);
    expect(names).toHaveLength(3);
    expect(names.every((name) => name.endsWith('.mp4'))).toBe(true);
    expect(names).not.toContain('row-2.mp4');
    expect(names).not.toContain('row-4.mp4');

    // A key for the API test after this one, made with the session as the profile makes it.
    const key = await page.request.post('/api/api-keys', { data: { name: 'Batches', scopes: ['videos:read'] }, headers: { origin: baseURL! } });
    expect(key.status()).toBe(201);
    made.key = ((await key.json()) as { key: string }).key;
    expect(consoleErrors).toEqual([]);
  });

  test('GET /api/v1/batches lists the batch made on the page, with its counts', async ({ request }) => {
    const listed = await request.get('/api/v1/batches', { headers: { authorization: `Bearer ${made.key}` } });
    expect(listed.status()).toBe(200);
    expect(await listed.json()).toEqual({
      data: [{ id: made.batchId, status: 'completed', created_at: expect.any(String), counts: { total: 5, pending: 0, running: 0, succeeded: 3, failed: 0, invalid: 2 } }],
      next_cursor: null,
    });
  });
});
