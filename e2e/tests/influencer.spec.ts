import { expect, test } from '../fixtures.ts';
import { expectPlays } from '../support/plays.ts';
import { signIn } from '../support/sign-in.ts';

const uniqueName = (label: string) => `${label}${Date.now().toString(36)}`;

test.describe('AI Influencer Creator', () => {
  test('a portrait from a description, its video that plays, then on to the wizard with it', async ({ page, consoleErrors }) => {
    await signIn(page, uniqueName('creator'));
    await page.goto('/ai-influencer');
    await page.getByLabel('Image description').fill('abc');
    await page.getByRole('button', { name: 'Generate Image' }).click();
    await expect(page.getByText('Prompt must be at least 5 characters.')).toBeVisible();

    await page.getByLabel('Image description').fill('a cheerful baker with curly red hair in a kitchen');
    await page.getByRole('button', { name: 'Generate Image' }).click();
    await expect(page.getByText('Are you happy with this image?')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByAltText('Your influencer')).toBeVisible();
    await expect(page.getByText('Illustration', { exact: true })).toBeVisible();
    // The offline engine says what it drew and what it could not, instead of dropping words silently.
    await expect(page.getByTestId('portrait-coverage')).toContainText('Drawn from: cheerful, curly, red hair');
    await expect(page.getByTestId('portrait-coverage')).toContainText("Not drawn (the illustrated style can't show these yet): baker, kitchen");
    await expect(page.getByLabel('Video prompt')).toHaveValue(/speaking to the camera/);
    // The silent clip is a free preview (the portrait took one of the day's ten); making it talk is the video it costs (issue 37).
    await expect(page.getByRole('button', { name: 'Generate Video' })).toHaveAccessibleDescription(
      'Free preview: this uses 1 of your 10 image previews today (8 left after this). Making it talk then uses 1 of your 3 free videos (2 left after this).',
    );

    await page.getByRole('button', { name: 'Generate Video' }).click();
    const video = page.getByLabel('Influencer video', { exact: true });
    await expect(video).toBeVisible({ timeout: 60_000 });
    await expectPlays(video);
    await expect(video).toHaveAttribute('poster', /.+/); // the portrait stays with its clip
    await expect(page.getByText('Your video plays for 20 seconds, looping forward and backward.')).toBeVisible();
    await expect(page.getByText(/It is a silent motion clip: add a voice next/)).toBeVisible();
    await expect(page.getByText(/speaking to the camera/)).toHaveCount(0);
    // The clip cost no video; the button that goes on to make it talk says what that costs.
    await expect(page.getByRole('banner').getByText('3 of 3 videos left')).toBeVisible();
    const account = await (await page.request.get('/api/auth/user')).json();
    expect(account).toMatchObject({ generationsCount: 0 });
    expect(account.dailyQuotas).toContainEqual(expect.objectContaining({ kind: 'image', used: 2 })); // the portrait and its clip
    await expect(page.getByRole('button', { name: 'Generate Audio for this Video' })).toHaveAccessibleDescription('Making it talk uses 1 of your 3 free videos (2 left after this).');

    // Private to its creator: not in the community gallery unless they publish it.
    const gallery = await (await page.request.get('/api/ai-influencer/gallery')).json();
    expect(gallery.some((item: { isOwner: boolean }) => item.isOwner)).toBe(false);
    await expect(page.getByRole('button', { name: 'Publish to the community' }).first()).toBeDisabled();

    await page.getByRole('button', { name: 'Generate Audio for this Video' }).click();
    await expect(page.getByRole('heading', { name: 'Create Audio' })).toBeVisible();
    await expect(page.getByText(/Write what Influencer \d+ should say \(20s video\)/)).toBeVisible();
    expect(consoleErrors).toEqual([]);

    // The clip is listed in /projects with its portrait as poster (issue 16 item 3).
    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: 'Influencer clips' })).toBeVisible();
    const clip = page.getByLabel(/^Influencer clip \d+$/);
    await expect(clip).toHaveCount(1);
    await expect(clip).toHaveAttribute('poster', /.+/);
    expect((await page.request.get((await clip.getAttribute('poster')) as string)).status()).toBe(200);
  });

  test('an uploaded picture is previewed; one over 10 MB is refused with a clear message', async ({ page }) => {
    await signIn(page, uniqueName('uploader'));
    await page.goto('/ai-influencer');
    const fileInput = page.getByLabel('Image file to upload');
    await fileInput.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(11 * 1024 * 1024) });
    await expect(page.getByText('The image is larger than 10 MB. Please choose a smaller picture.').first()).toBeVisible();

    const portrait = await (await page.request.get('/api/actors')).json().then((actors) => page.request.get(actors[0].thumbnail));
    await fileInput.setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(await portrait.body()) });
    await expect(page.getByText('Are you happy with this image?')).toBeVisible();
    await expect(page.getByAltText('Your influencer')).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  });
});

test.describe('One Shot Influencer Video', () => {
  // One run through the page serves the form's checks, the script read and edited before the run (issue 16 item 4) and the result.
  test('checks the form, writes the script to read and edit before the run, then runs from input to a playing video that speaks the edited script', async ({ page, consoleErrors }) => {
    await signIn(page, uniqueName('oneshot'));
    await page.goto('/ai-influencer-pipeline');
    await page.getByLabel('Influencer Description').fill('short');
    await page.getByLabel('Script Topic').fill('tiny');
    await page.getByRole('button', { name: 'Write Script' }).click();
    await expect(page.getByText('Description must be at least 10 characters')).toBeVisible();
    await expect(page.getByText('Topic must be at least 10 characters')).toBeVisible();
    await page.getByLabel('Influencer Description').fill('x'.repeat(1001));
    await page.getByLabel('Script Topic').fill('y'.repeat(1001));
    await page.getByRole('button', { name: 'Write Script' }).click();
    await expect(page.getByText('Description cannot exceed 1000 characters')).toBeVisible();
    await expect(page.getByText('Topic cannot exceed 1000 characters')).toBeVisible();

    await page.getByLabel('Influencer Description').fill('A cheerful woman with red hair in a sunny kitchen, holding a coffee mug');
    await page.getByLabel('Gender').click();
    await page.getByRole('option', { name: 'Female' }).click();
    await page.getByLabel('Script Topic').fill('Why a short morning walk helps you focus');
    await expect(page.getByRole('button', { name: 'Create One-Shot Video' })).toHaveCount(0);

    // The script comes first, free, to read (and edit) before the run spends a generation.
    await page.getByRole('button', { name: 'Write Script' }).click();
    const script = page.getByLabel('Script', { exact: true });
    await expect(script).toHaveValue(/walk/i, { timeout: 30_000 });
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
    await expect(page.getByText('Script Generation')).toBeVisible();
    await expect(page.getByText('Script being spoken')).toBeVisible();
    const video = page.getByLabel('One Shot video', { exact: true });
    await expect(video).toBeVisible({ timeout: 60_000 });
    await expectPlays(video);
    await expect(page.getByText('Script', { exact: true })).toBeVisible();
    await expect(page.getByText(edited)).toBeVisible();
    await expect(page.getByTestId('portrait-coverage')).toContainText("Not drawn (the illustrated style can't show these yet): sunny kitchen, coffee mug");

    // The run itself used the edited script, for its script step and its speech.
    const history = await (await page.request.get('/api/projects')).json();
    expect(history[0].audioParams.text).toBe(edited);
    await expect(page.getByRole('banner').getByText('2 of 3 videos left')).toBeVisible();

    // The last finished result is shown again when the page is reopened (issue 16 item 3).
    const url = await video.getAttribute('src');
    await page.reload();
    await expect(video).toHaveAttribute('src', url as string);
    await expect(video).toHaveAttribute('poster', /.+/);
    await expect(page.getByText('Script', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Create Another Video' }).click();
    await expect(page.getByLabel('Influencer Description')).toHaveValue('');

    // An API client sending a script over the budget gets a clear 400.
    const refused = await page.request.post('/api/ai-influencer/pipeline', {
      data: { influencerDescription: 'A calm gardener with a grey beard', gender: 'male', scriptTopic: 'Three easy herbs to grow', script: Array(31).fill('herbs').join(' ') },
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).message).toBe('The script is too long: about 15.1 s of speech, and the video lasts 15 s. Shorten it to 30 words or fewer.');
    expect(consoleErrors).toEqual([]);
  });


  // Over HTTP and in the page at once: one run serves both the API's event stream and the reloaded page.
  test('a run started over HTTP is followed on its event stream to its video, and a reload while it is in progress shows the same run and follows it to the end', async ({ page }) => {
    await signIn(page, uniqueName('resume'));
    const api = page.request;
    const bad = await api.post('/api/ai-influencer/pipeline', { data: { influencerDescription: 'short', gender: 'male', scriptTopic: 'Morning routines that work' } });
    expect((await bad.json()).message).toBe('Description must be at least 10 characters');
    await page.goto('/ai-influencer-pipeline');
    const started = await (await api.post('/api/ai-influencer/pipeline', {
      data: { influencerDescription: 'A friendly librarian with round glasses', gender: 'female', scriptTopic: 'Why reading before bed helps you sleep' },
    })).json();
    expect(started.steps.script.status).toBe('waiting');
    // The stream ends when the run does; read it while the page follows the run.
    const events = api.get(`/api/jobs/${started.id}/events`).then((response) => response.text());
    await page.reload();
    await expect(page.getByText('Final Video Generation')).toBeVisible();
    await expect(page.getByLabel('One Shot video', { exact: true })).toBeVisible({ timeout: 60_000 });
    const streamed = await events;
    expect(streamed).toContain('"status":"running"');
    expect(streamed).toContain('"status":"succeeded"');

    const run = await (await api.get(`/api/ai-influencer/pipeline/${started.id}`)).json();
    expect(run).toMatchObject({ status: 'succeeded', steps: { script: { status: 'done' }, image: { status: 'done' }, audio: { status: 'done' }, video: { status: 'done', url: run.url } } });
    expect((await api.get(run.url)).headers()['content-type']).toBe('video/mp4');
    expect(await (await api.get('/api/ai-influencer/pipeline/current')).json()).toEqual({ run: null });
  });

});
