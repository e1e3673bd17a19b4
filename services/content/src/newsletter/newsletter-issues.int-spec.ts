import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import {
  ErrorCode, Subjects, type AdminNewsletterIssue, type AdminNewsletterSending, type AdminNewsletterSendRequest,
} from '@lipcast/contracts';
import { readEnv, ServiceSettings, startServiceForTest, type RunningService } from '@lipcast/nest-kit';
/* eslint-disable @nx/enforce-module-boundaries -- the test reads the mail catcher the integration runner started */
import type { CaughtMail } from '../../../../tools/mail/catcher';
import { caughtMailTo } from '../../../../tools/mail/inbox';
import { pollUntil } from '../../../../tools/lib/poll';
/* eslint-enable @nx/enforce-module-boundaries */
import { contentService } from '../service';

jest.setTimeout(60_000);

const settings = readEnv(ServiceSettings);
/** The mail catcher tools/lib/integration.ts started; the content service sends to it (SMTP_URL). */
const CATCHER = process.env.MAIL_CATCHER_URL!;
const OPERATOR = { operatorId: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f', operatorName: 'operator' };
const BODY = 'First paragraph of the issue.\n\nSecond paragraph, with <b>markup</b> that stays text.';


const mailTo = (address: string) => caughtMailTo(address, CATCHER);
const unsubscribeLinkIn = (mail: CaughtMail): string => /Unsubscribe: (\S+)/.exec(mail.text)![1];

/** A real SMTP relay that refuses one recipient (as a relay refuses a mailbox) and accepts the others. */
async function startRefusingRelay(refused: string): Promise<{ url: string; accepted: string[]; refusals: string[]; stop: () => Promise<void> }> {
  const accepted: string[] = [];
  const refusals: string[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.toLowerCase() !== refused) return callback();
      refusals.push(address.address.toLowerCase());
      callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        accepted.push(...session.envelope.rcptTo.map((address) => address.address.toLowerCase()));
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port)));
  return { url: `smtp://127.0.0.1:${port}`, accepted, refusals, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('newsletter issues (content.admin.newsletter.issues.*, SMTP to the local catcher)', () => {
  const database = new pg.Pool({ connectionString: settings.DATABASE_URL, max: 1 });
  let content: RunningService;
  // Any subject and body, valid or not: the service's validation is under test too.
  const send = (subject: unknown, body: unknown = BODY) =>
    content.client.send(Subjects.content.adminNewsletterIssueSend, { subject, body, ...OPERATOR } as AdminNewsletterSendRequest);
  const resume = (id: number) => content.client.send(Subjects.content.adminNewsletterIssueResume, { id, ...OPERATOR });
  const list = () => content.client.send(Subjects.content.adminNewsletterIssuesList, {});
  const issue = async (id: number): Promise<AdminNewsletterIssue> => (await list()).issues.find((candidate) => candidate.id === id)!;
  const finished = (id: number) => pollUntil(async () => (await issue(id)).finishedAt !== null && issue(id), 15_000);
  const sentKeys = async (id: number) =>
    (await database.query<{ key: string }>('select key from content.sent_mail where kind = $1', [`newsletter-${id}`])).rows.map((row) => row.key).sort();

  /** A sign-up straight in the table: confirmed or not. */
  async function subscriber(confirmed: boolean): Promise<{ id: number; email: string; unsubscribeToken: string }> {
    const email = `issue-reader-${randomBytes(4).toString('hex')}@example.com`;
    const { rows } = await database.query<{ id: number; unsubscribe_token: string }>(
      `insert into content.newsletter_subscriber (email, confirmed_at) values ($1, ${confirmed ? 'now()' : 'null'}) returning id, unsubscribe_token`,
      [email],
    );
    return { id: rows[0].id, email, unsubscribeToken: rows[0].unsubscribe_token };
  }

  beforeAll(async () => {
    content = await startServiceForTest(contentService);
  });

  beforeEach(() => database.query('delete from content.newsletter_subscriber'));

  afterAll(async () => {
    await content?.close();
    await database.query('delete from content.newsletter_subscriber');
    await database.end();
  });

  it('mails the issue once to each confirmed subscriber, with their own working unsubscribe link, and nothing to an unconfirmed sign-up', async () => {
    const first = await subscriber(true);
    const second = await subscriber(true);
    const unconfirmed = await subscriber(false);
    expect((await list()).confirmedSubscribers).toBe(2);

    const subject = `Issue ${randomBytes(3).toString('hex')}`;
    const sending = await send(subject);
    expect(sending).toEqual({ id: expect.any(Number), recipients: 2 });
    expect(await finished(sending.id)).toMatchObject({ id: sending.id, subject, createdBy: OPERATOR.operatorId, sentCount: 2, recipientCount: 2 });

    const links: string[] = [];
    for (const reader of [first, second]) {
      const mails = await mailTo(reader.email);
      expect(mails.map((mail) => mail.subject)).toEqual([subject]);
      const [mail] = mails;
      expect(mail.text).toContain('First paragraph of the issue.\n\nSecond paragraph, with <b>markup</b> that stays text.');
      expect(mail.html).toContain('<p style="margin:0 0 16px">Second paragraph, with &lt;b&gt;markup&lt;/b&gt; that stays text.</p>');
      const link = unsubscribeLinkIn(mail);
      expect(new URL(link).pathname).toBe('/api/newsletter/unsubscribe');
      expect(new URL(link).searchParams.get('token')).toBe(reader.unsubscribeToken);
      expect(mail.headers['list-unsubscribe']).toBe(`<${link}>`);
      links.push(link);
    }
    expect(await mailTo(unconfirmed.email)).toEqual([]);
    expect(await sentKeys(sending.id)).toEqual([String(first.id), String(second.id)].sort());

    // The first reader's link removes that reader alone.
    const token = new URL(links[0]).searchParams.get('token')!;
    expect(await content.client.send(Subjects.content.newsletterUnsubscribe, { token })).toEqual({ unsubscribed: true });
    expect((await database.query('select email from content.newsletter_subscriber where confirmed_at is not null')).rows).toEqual([{ email: second.email }]);

    // A finished issue is not sent again (nor to anyone who subscribes later).
    await subscriber(true);
    await expect(resume(sending.id)).rejects.toMatchObject({ code: ErrorCode.Conflict });
    expect((await mailTo(second.email)).length).toBe(1);
    expect((await issue(sending.id)).sentCount).toBe(2);
  });

  it('does not record a mail the relay refused: the run stops there, and resuming mails only those not mailed yet, once', async () => {
    const accepted = await subscriber(true);
    const refused = await subscriber(true);
    await subscriber(false);
    const relay = await startRefusingRelay(refused.email);
    await content.close();
    content = await startServiceForTest(contentService, { SMTP_URL: relay.url });
    let sending: AdminNewsletterSending;
    try {
      sending = await send('Resumable issue');
      expect(sending.recipients).toBe(2);
      await pollUntil(() => relay.refusals.length > 0, 15_000);
    } finally {
      // Closing waits for the run in progress.
      await content.close();
      await relay.stop();
    }
    expect(relay.accepted).toEqual([accepted.email]);
    expect(relay.refusals).toEqual([refused.email]);
    expect(await sentKeys(sending.id)).toEqual([String(accepted.id)]);

    content = await startServiceForTest(contentService);
    expect(await issue(sending.id)).toMatchObject({ sentCount: 1, recipientCount: 2, finishedAt: null });
    expect(await resume(sending.id)).toEqual({ id: sending.id, recipients: 1 });
    expect(await finished(sending.id)).toMatchObject({ sentCount: 2, recipientCount: 2 });
    expect((await mailTo(refused.email)).map((mail) => mail.subject)).toEqual(['Resumable issue']);
    expect(await mailTo(accepted.email)).toEqual([]); // it had the issue through the first relay
    expect(await sentKeys(sending.id)).toEqual([String(accepted.id), String(refused.id)].sort());
    await expect(resume(sending.id)).rejects.toMatchObject({ code: ErrorCode.Conflict });
  });

  it('refuses an issue without a subject or body, or a subject over 150 characters; an unknown issue is NOT_FOUND', async () => {
    await expect(send('   ')).rejects.toMatchObject({ code: ErrorCode.Validation, message: 'subject is required' });
    await expect(send('x'.repeat(151))).rejects.toMatchObject({ code: ErrorCode.Validation });
    await expect(send('Subject', '\n\n')).rejects.toMatchObject({ code: ErrorCode.Validation });
    await expect(send('Subject', 'x'.repeat(20_001))).rejects.toMatchObject({ code: ErrorCode.Validation });
    await expect(resume(2_000_000_000)).rejects.toMatchObject({ code: ErrorCode.NotFound });
  });
});
