import type { Browser } from '@playwright/test';
import type { Stack } from '@lipcast/tools/lib/stack.ts';
import { expect, test } from '../fixtures.ts';
import { signIn } from '../support/sign-in.ts';

/** Restarts the stack's gateway with `env` over the stack's own settings; resolves once it answers ready. */
async function restartGateway(stack: Stack, env: Record<string, string> = {}): Promise<void> {
  await stack.stopService('gateway');
  await stack.startService('gateway', env);
  await expect.poll(async () => (await fetch(`${stack.url}/api/ready`).catch(() => null))?.status, { timeout: 30_000 }).toBe(200);
}

// One render at a time on the cpu lane (the stacks' default, WORKER_CONCURRENCY=1, which the test depends on): a job
// submitted behind others waits its turn. The wizard asks again after each held answer: held up to a minute here
// (the stacks' gateways hold 0.3 s), it waits out the jobs ahead rather than giving up. Only the gateway needs that
// setting, so it is restarted with it on the worker's stack for this spec (a stack of its own would start one more stack).
test.beforeAll(({ stack }) => restartGateway(stack, { LIPSYNC_HOLD_MS: '60000' }));
test.afterAll(({ stack }) => restartGateway(stack));

const uniqueName = (label: string) => `${label}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const LONG_LINE = 'This is a long line of speech that keeps the one rendering slot of this stack busy for a while, so that the videos submitted after it have to wait their turn in the queue. '.repeat(2);

/** Another user's lip-sync, started by API and left running or queued (answered 202 at once). */
async function startOthersVideo(browser: Browser, label: string): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, uniqueName(label));
  const [actor] = await (await page.request.get('/api/actors')).json();
  const { url: audio } = await (await page.request.post('/api/replicate/audio', { data: { text: LONG_LINE, voice_id: 'Patient_Man' } })).json();
  const started = await page.request.post('/api/replicate/lipsync', { data: { video: actor.url, audio }, headers: { Prefer: 'respond-async' } });
  expect(started.status()).toBe(202);
  await context.close();
}

test('a video queued behind others shows its place in the queue and an estimate, then plays', async ({ page, browser }) => {
  test.setTimeout(300_000);
  await signIn(page, uniqueName('queued'));
  await page.goto('/create');
  await page.getByRole('button', { name: 'Continue to Audio Generation' }).click();
  await page.getByLabel('Dialogue').fill('Hello! I am waiting my turn.');
  await page.getByRole('button', { name: 'Generate Audio' }).click();
  await expect(page.getByLabel('Audio preview')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Generate Video' })).toBeVisible();

  // Two long videos of other users first: one renders, one waits.
  await startOthersVideo(browser, 'aheada');
  await startOthersVideo(browser, 'aheadb');
  await page.getByRole('button', { name: 'Generate Video' }).click();

  const wait = page.getByTestId('job-wait');
  await expect(wait).toHaveAttribute('role', 'status');
  await expect(wait).toHaveAttribute('aria-live', 'polite');
  // The one waiting ahead is counted while it waits; once it starts, this one is next.
  await expect(wait).toHaveText(/^(1 video ahead of yours|Yours is next), about \d+ (s|min)$/, { timeout: 20_000 });
  await expect(page.getByLabel('Generated video', { exact: true })).toBeVisible({ timeout: 240_000 });
});
