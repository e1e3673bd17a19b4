import pg from 'pg';
import type { Browser, Page } from '@playwright/test';
import { readZip } from '@lipcast/tools/zip/read-zip.ts';
import { expect, test } from '../fixtures.ts';
import { signIn } from '../support/sign-in.ts';

const uniqueName = (label: string) => `${label}${Date.now().toString(36)}`;

/** The community gallery as someone signed out sees it: whether a card with this name is there. */
async function expectSignedOutGallery(browser: Browser, baseURL: string, name: string, shown: boolean): Promise<void> {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await page.goto('/user-influencers');
    // The list has answered once it shows cards (with the button under them) or its empty state.
    await expect(page.getByRole('button', { name: 'Continue to Audio Generation' }).or(page.getByText('No community-created influencers available yet.'))).toBeVisible();
    await expect(page.getByRole('button', { name: new RegExp(`^${name}\\b`) })).toHaveCount(shown ? 1 : 0);
  } finally {
    await context.close();
  }
}

/** Names it, ticks the consent box and publishes, from the panel inside `scope`. */
async function publishFrom(page: Page, scope: ReturnType<Page['locator']>, name: string, consentText: string): Promise<void> {
  const publish = scope.getByRole('button', { name: 'Publish to the community' });
  await expect(scope.getByText('This influencer is private: only you can see it.')).toBeVisible();
  await scope.getByLabel('Name in the gallery').fill(name);
  await expect(publish).toBeDisabled(); // not without consent
  await scope.getByLabel(consentText).check();
  await publish.click();
  await expect(page.getByText('Influencer published').first()).toBeVisible();
  await expect(scope.getByText(`Published to the community gallery as “${name}”.`)).toBeVisible();
}

const DESKTOP = { width: 1280, height: 800 };

for (const viewport of [
  { label: 'desktop', size: DESKTOP },
  { label: '390 px', size: { width: 390, height: 844 } },
]) {
  test.describe(`privacy and your data (${viewport.label})`, () => {
    test.use({ viewport: viewport.size });

    test("a new user's influencer is not in the signed-out gallery until published with consent, and disappears on unpublish", async ({ page, browser, baseURL, consoleErrors }) => {
      await signIn(page, uniqueName('private'));
      await page.goto('/ai-influencer');
      await page.getByLabel('Image description').fill('a patient piano teacher beside a grand piano');
      await page.getByRole('button', { name: 'Generate Image' }).click();
      await expect(page.getByText('Are you happy with this image?')).toBeVisible({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Generate Video' }).click();
      await expect(page.getByLabel('Influencer video', { exact: true })).toBeVisible({ timeout: 60_000 });

      const projects = await (await page.request.get('/api/ai-influencer/projects')).json();
      const id: number = projects[0].id;
      const name = `Pianist ${id}`;
      await expectSignedOutGallery(browser, baseURL!, name, false);
      expect((await (await page.request.get('/api/ai-influencer/gallery')).json()).some((item: { id: number }) => item.id === id)).toBe(false);

      // Published from the panel under the new clip.
      const resultPanel = page.locator('div', { has: page.getByLabel('Influencer video', { exact: true }) }).filter({ has: page.getByRole('button', { name: 'Generate Audio for this Video' }) }).last();
      await publishFrom(page, resultPanel, name, 'I agree to show this influencer publicly in the community gallery');
      await expectSignedOutGallery(browser, baseURL!, name, true);

      // Unpublished from the list of one's own influencers: gone for everyone at once.
      const own = page.getByRole('listitem', { name: `Your influencer ${id}` });
      await own.getByRole('button', { name: 'Unpublish' }).click();
      await expect(page.getByText('Influencer unpublished').first()).toBeVisible();
      await expect(own.getByText('This influencer is private: only you can see it.')).toBeVisible();
      await expectSignedOutGallery(browser, baseURL!, name, false);
      expect((await page.request.get(`/api/media/community/${id}/video-v1.mp4`)).status()).toBe(404);
      expect(consoleErrors).toEqual([]);
    });

    test("export contains the user's media", async ({ page }, testInfo) => {
      await signIn(page, uniqueName('exporter'));
      const image = await (await page.request.post('/api/ai-influencer/image', { data: { prompt: 'a beekeeper among hives at dawn', size: '640x720' } })).json();
      await page.goto('/profile');
      const downloading = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Export my data' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('lipcast-export.zip');
      const path = testInfo.outputPath('export.zip');
      await download.saveAs(path);
      // Every entry read to its end with its CRC-32 checked (readZip rejects an archive that is not sound).
      const entries = await readZip(path);
      const files = entries.map((entry) => entry.name);
      expect(files).toContain('records.json');
      expect(files).toContain(`media/influencers/${image.id}/image.jpg`);
      const records = JSON.parse(entries.find((entry) => entry.name === 'records.json')!.data.toString('utf8'));
      expect(records.influencers).toEqual([expect.objectContaining({ id: image.id })]);
    });

    test("a deleted account's media answer 404 and its sessions end", async ({ page, consoleErrors }) => {
      await signIn(page, uniqueName('leaver'));
      const image = await (await page.request.post('/api/ai-influencer/image', { data: { prompt: 'a lighthouse keeper on a windy cliff', size: '640x720' } })).json();
      expect((await page.request.get(image.url)).status()).toBe(200);
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
      const confirm = dialog.getByRole('button', { name: 'Delete my account' });
      await expect(confirm).toBeDisabled();
      await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
      await confirm.click();
      await page.waitForURL((url) => url.pathname === '/');
      expect((await page.request.get('/api/auth/user')).status()).toBe(401);
      expect((await page.request.get(image.url)).status()).toBe(404);
      // The session cookie no longer signs anyone in: the profile asks to sign in again.
      await page.goto('/profile');
      await expect(page.getByRole('button', { name: /Account menu for leaver/i })).toHaveCount(0);
      expect(consoleErrors.filter((text) => !/401|Unauthorized/i.test(text))).toEqual([]);
    });

  });
}

// Moderation's whole path, once: the card and the console are the same components at every width.
test.describe('moderation of a reported gallery item', () => {
  test('reports weigh by account (an address 1/3, a day-old account 1): at 3 the item goes in review; its owner reads why and appeals once; an operator restores it with a reason', async ({ page, browser, baseURL, stack }) => {
    await signIn(page, uniqueName('reported'));
    const api = page.request;
    const image = await (await api.post('/api/ai-influencer/image', { data: { prompt: 'a juggler in a colourful circus tent', size: '640x720' } })).json();
    expect((await api.post(`/api/ai-influencer/video?projectId=${image.id}`, { data: { image: image.url } })).status()).toBe(200);
    const name = `Juggler ${image.id}`;
    expect((await api.post(`/api/ai-influencer/projects/${image.id}/publish`, { data: { consent: true, name } })).status()).toBe(200);

    /** A signed-in page of a new user whose account is made a day old (the dev identity provider's accounts are new). */
    async function establishedVisitor(): Promise<Page> {
      const visitor = await browser.newPage({ baseURL, viewport: DESKTOP });
      const username = uniqueName('veteran');
      await signIn(visitor, username);
      const database = new pg.Client({ connectionString: stack.env.DATABASE_URL });
      await database.connect();
      try {
        await database.query(`update auth."user" set created_at = now() - interval '25 hours' where username = $1`, [username]);
      } finally {
        await database.end();
      }
      return visitor;
    }

    /** Reports it from the gallery page, as the visitor on `visitor`. */
    async function reportFrom(visitor: Page, reason: string, stillListed: boolean): Promise<void> {
      await visitor.goto('/user-influencers');
      await visitor.getByRole('button', { name: `Report ${name}` }).click();
      const dialog = visitor.getByRole('dialog', { name: `Report ${name}` });
      await dialog.getByLabel(reason).check();
      await dialog.getByLabel('Your contact (optional)').fill('visitor@example.com');
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await expect(visitor.getByText('Thank you for your report').first()).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await visitor.reload();
      await expect(visitor.getByRole('button', { name: 'Continue to Audio Generation' }).or(visitor.getByText('No community-created influencers available yet.'))).toBeVisible();
      await expect(visitor.getByRole('button', { name: new RegExp(`^${name}\\b`) })).toHaveCount(stillListed ? 1 : 0);
    }

    // Signed out: 1/3. Two established accounts (through the API, as the page sends it): 2 1/3.
    const signedOut = await browser.newPage({ baseURL, viewport: DESKTOP });
    await reportFrom(signedOut, "It uses someone's likeness without their consent", true);
    await signedOut.close();
    for (const reason of ['impersonation', 'offensive'] as const) {
      const visitor = await establishedVisitor();
      expect((await visitor.request.post(`/api/ai-influencer/gallery/${image.id}/report`, { data: { reason } })).status()).toBe(200);
      await visitor.close();
    }
    await expectSignedOutGallery(browser, baseURL!, name, true);
    // A third established account tips it over: in review, out of the gallery.
    const last = await establishedVisitor();
    await reportFrom(last, 'It is offensive or inappropriate', false);
    await last.close();
    await expectSignedOutGallery(browser, baseURL!, name, false);

    // Its owner reads why on its card, cannot publish it back, and appeals once.
    await page.goto('/ai-influencer');
    const card = page.getByRole('listitem', { name: `Your influencer ${image.id}` });
    await expect(card.getByText('Under review: this influencer is out of the community gallery until an operator decides.')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Publish to the community' })).toHaveCount(0);
    await card.getByLabel('Appeal (once): why should it stay?').fill('This is my own face, and I agreed to publish it.');
    await card.getByRole('button', { name: 'Send appeal' }).click();
    await expect(card.getByText('You appealed this decision. An operator will read it.')).toBeVisible();

    // An operator reads the appeal in the console and restores it, with a reason.
    const operator = await browser.newPage({ baseURL, viewport: DESKTOP });
    await signIn(operator, uniqueName('admin'));
    await operator.goto('/admin');
    await operator.getByRole('tab', { name: 'Gallery' }).click();
    const row = operator.getByRole('row', { name: new RegExp(name) });
    await expect(row.getByText('This is my own face, and I agreed to publish it.')).toBeVisible();
    await expect(row.getByText('in review', { exact: true })).toBeVisible();
    await row.getByLabel(`Reason for ${name}`).fill('The owner shows it is their own face.');
    await row.getByRole('button', { name: `Restore ${name}` }).click();
    await operator.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
    await expect(operator.getByText(`${name} restored`).first()).toBeVisible();
    await operator.close();

    await expectSignedOutGallery(browser, baseURL!, name, true);
    await page.reload();
    await expect(card.getByText(`Published to the community gallery as “${name}”.`)).toBeVisible();
  });
});
