import { E2E_CLIP_SECONDS, expect, test } from '../fixtures.ts';
import { signIn } from '../support/sign-in.ts';

test.describe('community gallery', () => {
  test('a published influencer is listed under its name; choosing it opens the wizard at step 2; its owner can delete it', async ({ page }) => {
    await signIn(page, `gallery${Date.now().toString(36)}`);
    const api = page.request;
    const image = await (await api.post('/api/ai-influencer/image', { data: { prompt: 'a smiling chess coach in a park', size: '640x720' } })).json();
    expect((await api.post(`/api/ai-influencer/video?projectId=${image.id}`, { data: { image: image.url } })).status()).toBe(200);
    const name = `Chess Coach ${image.id}`;
    await api.post(`/api/ai-influencer/projects/${image.id}/publish`, { data: { consent: true, name } });

    await page.goto('/user-influencers');
    const card = page.getByRole('button', { name: new RegExp(`^${name}\\b`) });
    await expect(card).toBeVisible();
    await expect(page.getByLabel(`Duration 0:${String(E2E_CLIP_SECONDS).padStart(2, '0')}`).first()).toBeVisible();
    const proceed = page.getByRole('button', { name: 'Continue to Audio Generation' });
    await expect(proceed).toBeDisabled();
    await card.click();
    await proceed.click();
    // The toast shows for 5 s from the click, while the wizard may still be loading: looked for first.
    await expect(page.getByText('Influencer Selected').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Create Audio' })).toBeVisible();
    await expect(page.getByText(`Write what ${name} should say`)).toBeVisible(); // one name everywhere (issue 37, item 7)

    await page.goto('/user-influencers');
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(page.getByText('Influencer deleted successfully').first()).toBeVisible();
    await expect(page.getByRole('button', { name: new RegExp(`^${name}\\b`) })).toHaveCount(0);
  });
});
