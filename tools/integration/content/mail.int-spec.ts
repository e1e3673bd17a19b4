/* eslint-disable @nx/enforce-module-boundaries -- this test runs the real content and auth services in the test's process */
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Module, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ThrottlerModule } from '@nestjs/throttler';
import pg from 'pg';
import { Subjects, type AuthUser } from '@lipcast/contracts';
import { createLogger, readEnv, ServiceClientModule, ServiceSettings, startServiceForTest, type RunningService } from '@lipcast/nest-kit';
import { authService } from '../../../services/auth/src/service';
import { contentService } from '../../../services/content/src/service';
import type { CaughtMail } from '../../mail/catcher';
import { caughtMailTo } from '../../mail/inbox';
import { pollUntil } from '../../lib/poll';
import { JobWatcherRecords } from '../../../gateway/src/generation/job-watcher-records';
import { JobWatchers } from '../../../gateway/src/generation/job-watchers';
import { HttpErrorFilter } from '../../../gateway/src/http/error.filter';
import { GatewaySettings } from '../../../gateway/src/settings';
import { NewsletterController } from '../../../gateway/src/content/newsletter.controller';

const settings = readEnv(ServiceSettings);
/** The mail catcher tools/lib/integration.ts started; the content service sends to it (SMTP_URL). */
const CATCHER = process.env.MAIL_CATCHER_URL!;

/** The newsletter's pages and the job watchers, as the gateway has them. */
@Module({
  imports: [ServiceClientModule.forRoot({ url: settings.NATS_URL, name: 'mail-test-gateway' }), ThrottlerModule.forRoot({ throttlers: [{ name: 'api', ttl: 60_000, limit: 1000 }] })],
  controllers: [NewsletterController],
  // The records read JETSTREAM_REPLICAS, one of every process's settings.
  providers: [JobWatchers, JobWatcherRecords, { provide: GatewaySettings, useValue: settings }],
})
class MailGatewayModule {}

const mailTo = (address: string) => caughtMailTo(address, CATCHER);
const linkIn = (mail: CaughtMail, label: string): string => new RegExp(`${label}: (\\S+)`).exec(mail.text)![1];

describe('transactional mail (content service, SMTP to the local catcher)', () => {
  let app: NestExpressApplication;
  let base: string;
  let content: RunningService;
  let auth: RunningService;
  const database = new pg.Pool({ connectionString: settings.DATABASE_URL, max: 1 });

  beforeAll(async () => {
    app = await NestFactory.create<NestExpressApplication>(MailGatewayModule, { logger: false });
    app.setGlobalPrefix('api');
    app.useBodyParser('urlencoded', { extended: true });
    app.useGlobalPipes(new ValidationPipe({ whitelist: true, transform: true }));
    app.useGlobalFilters(new HttpErrorFilter(createLogger('gateway-test')));
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    // Links in mail point at this gateway.
    content = await startServiceForTest(contentService, { PUBLIC_URL: base });
    auth = await startServiceForTest(authService);
  });

  afterAll(async () => {
    await app?.close();
    await content?.close();
    await auth?.close();
    await database.end();
  });

  describe('newsletter double opt-in', () => {
    const address = `reader-${randomBytes(4).toString('hex')}@example.com`;
    const stored = async () =>
      (await database.query<{ confirmed_at: Date | null }>('select confirmed_at from content.newsletter_subscriber where lower(email) = lower($1)', [address])).rows;

    it('stores the sign-up inactive and mails a confirmation link that activates it, and an unsubscribe link that removes it', async () => {
      const signUp = await fetch(`${base}/api/newsletter`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: address }) });
      expect(signUp.status).toBe(200);
      expect(await stored()).toEqual([{ confirmed_at: null }]);

      const [mail] = await pollUntil(async () => (await mailTo(address)).length > 0 && mailTo(address));
      expect(mail.subject).toBe('Confirm your Lipcast newsletter subscription');
      expect(mail.html).toContain('Confirm my subscription');
      const confirmLink = linkIn(mail, 'Confirm my subscription');
      const unsubscribeLink = linkIn(mail, 'Unsubscribe');
      expect(confirmLink).toMatch(new RegExp(`^${base}/api/newsletter/confirm\\?token=[0-9a-f]{64}$`));
      expect(unsubscribeLink).toMatch(new RegExp(`^${base}/api/newsletter/unsubscribe\\?token=[0-9a-f]{64}$`));
      expect(mail.headers['list-unsubscribe']).toBe(`<${unsubscribeLink}>`);

      // The link opens a page whose button confirms: a mail scanner opening the link (a GET, any number of times) confirms nothing.
      const confirmToken = new URL(confirmLink).searchParams.get('token')!;
      for (let opened = 0; opened < 2; opened++) {
        const confirmPage = await fetch(confirmLink);
        expect(confirmPage.status).toBe(200);
        const html = await confirmPage.text();
        expect(html).toContain('<form method="post" action="/api/newsletter/confirm">');
        expect(html).toContain(`name="token" value="${confirmToken}"`);
        expect(html).toContain('<button type="submit">Confirm subscription</button>');
        expect(html).not.toContain('Subscription confirmed');
      }
      expect(await stored()).toEqual([{ confirmed_at: null }]);
      const confirmed = await fetch(`${base}/api/newsletter/confirm`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: confirmToken }) });
      expect(confirmed.status).toBe(200);
      expect(await confirmed.text()).toContain('Subscription confirmed');
      expect((await stored())[0].confirmed_at).toBeInstanceOf(Date);
      // Signing up again once confirmed sends nothing more.
      await fetch(`${base}/api/newsletter`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: address }) });
      expect(await mailTo(address)).toHaveLength(1);

      // The link opens a page whose button unsubscribes (a scanner opening the link changes nothing).
      const page = await fetch(unsubscribeLink);
      expect(page.status).toBe(200);
      const token = new URL(unsubscribeLink).searchParams.get('token')!;
      expect(await page.text()).toContain(`name="token" value="${token}"`);
      expect(await stored()).toHaveLength(1);
      const unsubscribed = await fetch(`${base}/api/newsletter/unsubscribe`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token }) });
      expect(unsubscribed.status).toBe(200);
      expect(await unsubscribed.text()).toContain('You are unsubscribed');
      expect(await stored()).toEqual([]);
    });

    it('answers a made-up confirmation token with a 404 page and a malformed one with a 400 page', async () => {
      const confirm = (token: string) => fetch(`${base}/api/newsletter/confirm`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token }) });
      const unknown = await confirm('a'.repeat(64));
      expect(unknown.status).toBe(404);
      expect(await unknown.text()).toContain('This confirmation link is not valid any more');
      const malformed = await confirm('nope');
      expect(malformed.status).toBe(400);
      expect(await malformed.text()).toContain('This link does not work');
    });
  });

  describe('"your video is ready"', () => {
    let user: AuthUser;
    const ask = (jobId: string) => content.client.send(Subjects.content.mailVideoReady, { userId: user.id, jobId, kind: 'lipsync' });

    beforeAll(async () => {
      const name = `viewer-${randomBytes(4).toString('hex')}`;
      user = await auth.client.send(Subjects.auth.userUpsert, { issuer: 'https://idp.test', subject: name, username: name, email: `${name}@example.com`, firstName: 'Vera' });
    });

    it('is sent once, with the link to the video, when no event stream follows the job, without waiting for anyone', async () => {
      const jobId = randomUUID();
      const asked = Date.now();
      expect(await ask(jobId)).toEqual({ sent: true, reason: 'sent' });
      expect(Date.now() - asked).toBeLessThan(1500); // what content used to wait for gateways that did not watch
      const mails = await mailTo(user.email!);
      expect(mails.map((mail) => mail.subject)).toEqual(['Your video is ready']);
      expect(mails[0].text).toContain('Hi Vera,');
      expect(linkIn(mails[0], 'Watch your video')).toBe(`${base}/projects`);
      expect(await ask(jobId)).toEqual({ sent: false, reason: 'already-sent' });
      expect(await mailTo(user.email!)).toHaveLength(1);
    });

    it('is not sent while a gateway has an event stream open for the job, nor after one delivered its end; it is after a stream left before the end', async () => {
      const watchers = app.get(JobWatchers);
      const records = app.get(JobWatcherRecords);
      const open = randomUUID();
      const release = watchers.watch(open);
      await records.settled(); // the gateway's writes are not awaited by its streams
      expect(await ask(open)).toEqual({ sent: false, reason: 'watching' });
      release();

      const ended = randomUUID();
      const closeEnded = watchers.watch(ended);
      watchers.sawEnd(ended);
      closeEnded(); // the stream closes with the job, before content looks
      await records.settled();
      expect(await ask(ended)).toEqual({ sent: false, reason: 'watching' });
      expect(await mailTo(user.email!)).toHaveLength(1); // only the previous test's

      const left = randomUUID();
      watchers.watch(left)();
      await records.settled();
      expect(await ask(left)).toEqual({ sent: true, reason: 'sent' });
      expect(await mailTo(user.email!)).toHaveLength(2);
    });

    it('is not sent when the user turned it off, and is again once turned back on', async () => {
      expect(await content.client.send(Subjects.content.mailPreferencesGet, { userId: user.id })).toEqual({ videoReady: true });
      expect(await content.client.send(Subjects.content.mailPreferencesSet, { userId: user.id, videoReady: false })).toEqual({ videoReady: false });
      expect(await ask(randomUUID())).toEqual({ sent: false, reason: 'turned-off' });
      expect(await mailTo(user.email!)).toHaveLength(2);
      await content.client.send(Subjects.content.mailPreferencesSet, { userId: user.id, videoReady: true });
      expect(await ask(randomUUID())).toEqual({ sent: true, reason: 'sent' });
      expect(await mailTo(user.email!)).toHaveLength(3);
    });
  });

  it('sends the payment companions once per payment', async () => {
    const name = `payer-${randomBytes(4).toString('hex')}`;
    const user = await auth.client.send(Subjects.auth.userUpsert, { issuer: 'https://idp.test', subject: name, username: name, email: `${name}@example.com` });
    const pack = { userId: user.id, kind: 'pack' as const, paymentId: `pi_${name}`, generations: 15 };
    expect(await content.client.send(Subjects.content.mailPaymentConfirmed, pack)).toEqual({ sent: true, reason: 'sent' });
    expect(await content.client.send(Subjects.content.mailPaymentConfirmed, pack)).toEqual({ sent: false, reason: 'already-sent' });
    expect(await content.client.send(Subjects.content.mailPaymentConfirmed, { userId: user.id, kind: 'premium', paymentId: `sub_${name}` })).toEqual({ sent: true, reason: 'sent' });
    expect((await mailTo(user.email!)).map((mail) => mail.subject).sort()).toEqual(['15 extra generations added', 'Premium is active']);
  });
});
