import type { CaughtMail } from '@lipcast/tools/mail/catcher.ts';
import { caughtMailTo } from '@lipcast/tools/mail/inbox.ts';
import { expect, test } from '../fixtures.ts';
import { signIn } from '../support/sign-in.ts';

test.describe('mail', () => {
  test('newsletter double opt-in: the mail in the local catcher confirms, then unsubscribes', async ({ page, stack }) => {
    expect(stack.mailUrl, 'npm start and the test stacks run the local mail catcher when SMTP_URL is unset').toBeTruthy();
    const email = `reader-${Date.now()}@example.com`;
    await page.goto('/blog');
    await page.getByRole('textbox', { name: /e-?mail/i }).fill(email);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByText(`Check your inbox: we sent a confirmation link to ${email}.`).first()).toBeVisible();

    // The catcher's JSON API, as a developer's page reads it.
    let mail: CaughtMail | undefined;
    await expect
      .poll(async () => {
        mail = (await caughtMailTo(email, stack.mailUrl))[0];
        return mail?.subject;
      })
      .toBe('Confirm your Lipcast newsletter subscription');
    const link = (label: string) => new RegExp(`${label}: (\\S+)`).exec(mail!.text)![1];

    // The catcher's own page shows it too.
    await page.goto(stack.mailUrl!);
    await page.getByRole('link', { name: 'Confirm your Lipcast newsletter subscription' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your Lipcast newsletter subscription' })).toBeVisible();

    // The link opens a page that asks (mail scanners open links, only a person presses the button).
    await page.goto(link('Confirm my subscription'));
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your newsletter subscription' })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Subscription confirmed' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    await page.goto(link('Unsubscribe'));
    await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe from the newsletter' })).toBeVisible();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();

    // The confirmation link of an address that unsubscribed no longer works.
    await page.goto(link('Confirm my subscription'));
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
  });

  test('a video that finishes with no page following it is mailed as ready; the profile turns these mails off', async ({ page, stack }) => {
    const username = `mail${Date.now().toString(36)}`;
    await signIn(page, username);
    const api = page.request;
    const [actor] = await (await api.get('/api/actors')).json();
    const audio = await api.post('/api/replicate/audio', { data: { text: 'A short line for the ready mail.', voice_id: 'Friendly_Person', emotion: 'happy', pitch: 0, speed: 1 } });
    const { url: audioUrl } = await audio.json();
    // Answered at once, and no event stream follows the job.
    const started = await api.post('/api/replicate/lipsync', { data: { video: actor.url, audio: audioUrl, videoDuration: actor.duration }, headers: { Prefer: 'respond-async' } });
    expect(started.status()).toBe(202);
    const { predictionId } = await started.json();
    await expect.poll(async () => (await (await api.get(`/api/jobs/${predictionId}`)).json()).status, { timeout: 90_000 }).toBe('succeeded');

    let ready: CaughtMail | undefined;
    await expect
      .poll(async () => {
        const all = (await (await api.get(`${stack.mailUrl}/api/messages`)).json()) as CaughtMail[];
        ready = all.find((mail) => mail.to.some((address) => address.startsWith(`${username}@`)));
        return ready?.subject;
      })
      .toBe('Your video is ready');
    const watch = /Watch your video: (\S+)/.exec(ready!.text)![1];
    expect(new URL(watch).pathname).toBe('/projects');

    // The preference: an accessible switch in the profile, kept across visits.
    await page.goto('/profile');
    const toggle = page.getByRole('switch', { name: 'Mail me when a video is ready' });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(page.getByText('"Video ready" mails are off').first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Mail me when a video is ready' })).not.toBeChecked();
  });
});
