import { expect, test } from '../fixtures.ts';
import { signIn } from '../support/sign-in.ts';

const uniqueName = (label: string) => `${label}${Date.now().toString(36)}`;

test.describe('One Shot: the script is read and edited before the run (issue 16 item 4)', () => {
  test('describe, write the script, edit it, start: the finished run speaks the edited script', async ({ page, consoleErrors }) => {
    await signIn(page, uniqueName('oneshotscript'));
    await page.goto('/ai-influencer-pipeline');
    await page.getByLabel('Influencer Description').fill('A cheerful woman with red hair in a sunny kitchen, holding a coffee mug');
    await page.getByLabel('Gender').click();
    await page.getByRole('option', { name: 'Female' }).click();
    await page.getByLabel('Script Topic').fill('Why a short morning walk helps you focus');
    await expect(page.getByRole('button', { name: 'Create One-Shot Video' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Write Script' }).click();
    const script = page.getByLabel('Script', { exact: true });
    await expect(script).not.toHaveValue('', { timeout: 30_000 });
    // Writing the script is free: nothing was spent yet.
    await expect(page.getByRole('banner').getByText('3 of 3 videos left')).toBeVisible();

    // Over the budget is said beside the field, and nothing starts.
    await script.fill(Array(31).fill('walk').join(' '));
    await expect(script).toHaveAttribute('aria-invalid', 'true');
    await expect(script).toHaveAccessibleDescription(/The script is too long: about 15\.1 s of speech/);
    await page.getByRole('button', { name: 'Create One-Shot Video' }).click();
    await expect(page.getByText('Script Generation')).toHaveCount(0);

    const edited = 'Step outside for ten minutes each morning. The light wakes you up and your focus follows.';
    await script.fill(edited);
    await expect(page.getByText('16 words, about 8.3 s of speech (the video lasts 15 s).')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create One-Shot Video' })).toHaveAccessibleDescription('This uses 1 of your 3 free videos (2 left after this).');
    await page.getByRole('button', { name: 'Create One-Shot Video' }).click();

    await expect(page.getByText('Script being spoken')).toBeVisible();
    const video = page.getByLabel('One Shot video', { exact: true });
    await expect(video).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText(edited)).toBeVisible();
    await expect(page.getByTestId('portrait-coverage')).toContainText('Not drawn (the offline engine cannot draw these): sunny kitchen, coffee mug');

    // The run itself used the edited script, for its script step and its speech.
    const history = await (await page.request.get('/api/projects')).json();
    expect(history[0].audioParams.text).toBe(edited);
    await expect(page.getByRole('banner').getByText('2 of 3 videos left')).toBeVisible();

    // An API client sending a script over the budget gets a clear 400.
    const refused = await page.request.post('/api/ai-influencer/pipeline', {
      data: { influencerDescription: 'A calm gardener with a grey beard', gender: 'male', scriptTopic: 'Three easy herbs to grow', script: Array(31).fill('herbs').join(' ') },
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).message).toBe('The script is too long: about 15.1 s of speech, and the video lasts 15 s. Shorten it to 30 words or fewer.');
    expect(consoleErrors).toEqual([]);
  });
});
