import { createHmac } from 'node:crypto';
import { expect, test, WEBHOOK_FIRST_RETRY_SECONDS as FIRST_RETRY_SECONDS } from '../fixtures.ts';
import { startWebhookReceiver } from '@lipcast/tools/webhooks/receiver.ts';
import { signIn } from '../support/sign-in.ts';

// The receiver is on this machine, which only the test stacks' setting lets webhooks reach (e2e/fixtures.ts).

/** The check in docs/api.md: `Lipcast-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" under the endpoint's secret>`. */
function signedBy(secret: string, header: string | string[] | undefined, body: string): boolean {
  if (typeof header !== 'string') return false;
  const fields = Object.fromEntries(header.split(',').map((part) => part.trim().split('=') as [string, string]));
  const timestamp = Number(fields.t);
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return false;
  return fields.v1 === createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

test.describe('Outbound webhooks', () => {
  test('an endpoint registered in the profile gets video.succeeded signed, retried after a 500, and again by hand from the delivery log', async ({ page, consoleErrors }) => {
    test.setTimeout(180_000);
    const receiver = await startWebhookReceiver('/lipcast-hooks');
    try {
      await signIn(page, `hooks${Date.now().toString(36)}`);
      await page.goto('/profile');

      // A key for the public API, made in the profile.
      const keyForm = page.getByRole('form', { name: 'Create an API key' });
      await keyForm.getByLabel('Key name').fill('Webhooks');
      await keyForm.getByRole('checkbox', { name: /videos:write/ }).check();
      await keyForm.getByRole('button', { name: 'Create key' }).click();
      const key = await page.getByLabel('Your new API key').inputValue();
      expect(key).toMatch(/^lc_live_/);
      await page.getByRole('region', { name: 'API keys' }).getByRole('button', { name: 'I have copied it' }).click();

      // An address outside the public internet is refused, saying why (loopback alone is let through by the test setting).
      const webhooks = page.getByRole('region', { name: 'Webhooks' });
      const endpointForm = webhooks.getByRole('form', { name: 'Add a webhook endpoint' });
      await endpointForm.getByLabel('Endpoint URL').fill('http://169.254.169.254/latest/meta-data');
      await endpointForm.getByRole('button', { name: 'Add endpoint' }).click();
      const notifications = page.getByRole('region', { name: /^Notifications/ });
      await expect(notifications.getByText('The endpoint could not be added')).toBeVisible();
      await expect(notifications.getByText(/^url must reach the public internet: 169\.254\.169\.254 resolves to a forbidden address: .* link-local/)).toBeVisible();
      await expect(webhooks.getByText('No webhook endpoints yet.')).toBeVisible();

      // The endpoint, and its signing secret shown this once.
      await endpointForm.getByLabel('Endpoint URL').fill(receiver.url);
      await expect(endpointForm.getByRole('checkbox', { name: /video\.succeeded/ })).toBeChecked();
      await endpointForm.getByRole('button', { name: 'Add endpoint' }).click();
      const shownSecret = webhooks.getByLabel('Signing secret');
      await expect(shownSecret).toHaveValue(/^whsec_/);
      const secret = await shownSecret.inputValue();
      await webhooks.getByRole('button', { name: 'I have copied it' }).click();
      await expect(shownSecret).toHaveCount(0);
      await expect(webhooks.getByRole('list', { name: 'Your webhook endpoints' }).getByText(receiver.url)).toBeVisible();

      // A video through the public API, with the key; the receiver fails the first attempt.
      receiver.statuses.push(500);
      const auth = { authorization: `Bearer ${key}` };
      const [actor] = (await (await page.request.get('/api/v1/actors', { headers: auth })).json()).data as { id: string }[];
      const created = await page.request.post('/api/v1/videos', { headers: auth, data: { actor: actor!.id, script: 'Tell my server when it is ready.', voice: 'Friendly_Person' } });
      expect(created.status()).toBe(202);
      const video = (await created.json()) as { id: string };

      // The first attempt (answered 500), then the schedule's retry (answered 200), the same signed delivery.
      await expect.poll(() => receiver.received.length, { timeout: 120_000 }).toBe(2);
      const [failed, retried] = receiver.received;
      expect(retried!.at - failed!.at).toBeGreaterThanOrEqual(FIRST_RETRY_SECONDS * 1000);
      for (const attempt of [failed!, retried!]) {
        expect(attempt.headers['lipcast-event']).toBe('video.succeeded');
        expect(attempt.headers['content-type']).toBe('application/json');
        expect(signedBy(secret, attempt.headers['lipcast-signature'], attempt.body)).toBe(true);
        // Signed with this endpoint's secret only: another secret or another body does not verify.
        expect(signedBy(`${secret}x`, attempt.headers['lipcast-signature'], attempt.body)).toBe(false);
        expect(signedBy(secret, attempt.headers['lipcast-signature'], attempt.body.replace('succeeded', 'failed'))).toBe(false);
      }
      const deliveryId = failed!.headers['lipcast-delivery'];
      expect(retried!.headers['lipcast-delivery']).toBe(deliveryId);
      expect(retried!.body).toBe(failed!.body);
      const payload = JSON.parse(retried!.body);
      expect(payload).toMatchObject({ id: deliveryId, event: 'video.succeeded', data: { video_id: video.id, status: 'succeeded', url: `/api/v1/videos/${video.id}/file`, error: null } });

      // The delivery log shows both attempts (each recorded once its answer came); "Redeliver" sends it once more.
      const log = page.getByRole('list', { name: 'Recent deliveries' });
      const attempts = log.getByRole('list', { name: `Attempts of video.succeeded ${deliveryId}` });
      const logShows = (answers: RegExp[]) =>
        expect(async () => {
          await page.reload();
          await expect(attempts.getByRole('listitem')).toHaveText(answers, { timeout: 2_000 });
        }).toPass({ timeout: 30_000 });
      await logShows([/HTTP 500$/, /HTTP 200$/]);
      await expect(log.getByText('Delivered')).toBeVisible();
      await log.getByRole('button', { name: `Redeliver video.succeeded to ${receiver.url}` }).click();
      await expect(notifications.getByText('Sending it again now')).toBeVisible();
      await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(3);
      const redelivered = receiver.received[2]!;
      expect(redelivered.headers['lipcast-delivery']).toBe(deliveryId);
      expect(redelivered.body).toBe(failed!.body);
      expect(signedBy(secret, redelivered.headers['lipcast-signature'], redelivered.body)).toBe(true);
      await logShows([/HTTP 500$/, /HTTP 200$/, /HTTP 200$/]);
      // The refused registration's failure was the only console error the page logged (Chromium logs the 400).
      expect(consoleErrors.filter((error) => !error.includes('status of 400'))).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});
