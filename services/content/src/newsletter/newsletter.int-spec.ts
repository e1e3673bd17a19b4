import { MikroORM } from '@mikro-orm/postgresql';
import { ErrorCode, Subjects, type NewsletterSubscribeRequest } from '@lipcast/contracts';
import { readEnv, ServiceSettings, startServiceForTest, type RunningService } from '@lipcast/nest-kit';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the test reads the mail catcher the integration runner started
import { caughtMailTo } from '../../../../tools/mail/inbox';
import { ormConfig } from '../mikro-orm.config';
import { contentService } from '../service';

const settings = readEnv(ServiceSettings);

describe('content.newsletter.subscribe.v1', () => {
  let running: RunningService;
  let orm: MikroORM;
  // Any e-mail, valid or not: the service's validation is under test.
  const subscribe = (email: unknown) => running.client.send(Subjects.content.newsletterSubscribe, { email } as NewsletterSubscribeRequest);
  const storedEmails = async () =>
    (await orm.em.getConnection().execute<{ email: string }[]>('select email from content.newsletter_subscriber order by id')).map((row) => row.email);

  beforeAll(async () => {
    running = await startServiceForTest(contentService);
    orm = await MikroORM.init(ormConfig(settings.DATABASE_URL));
  });

  beforeEach(() => orm.em.getConnection().execute('delete from content.newsletter_subscriber'));

  afterAll(async () => {
    await orm.em.getConnection().execute('delete from content.newsletter_subscriber');
    await running.close();
    await orm.close();
  });

  it('stores a new address', async () => {
    expect(await subscribe('reader@example.com')).toEqual({ subscribed: true });
    expect(await storedEmails()).toEqual(['reader@example.com']);
  });

  it('treats a second subscription, in any letter case, as success with one row', async () => {
    await subscribe('Reader@Example.com');
    expect(await subscribe('reader@example.com')).toEqual({ subscribed: true });
    expect(await subscribe('  READER@EXAMPLE.COM ')).toEqual({ subscribed: true });
    expect(await storedEmails()).toEqual(['Reader@Example.com']);
  });

  it.each([['not-an-address'], [''], [42], [`${'a'.repeat(250)}@example.com`]])('refuses %p as VALIDATION', async (email) => {
    await expect(subscribe(email)).rejects.toMatchObject({ code: ErrorCode.Validation });
    expect(await storedEmails()).toEqual([]);
  });

  it('stores a sign-up inactive until its confirmation token is used; the unsubscribe token removes it', async () => {
    await subscribe('optin@example.com');
    const [row] = await orm.em
      .getConnection()
      .execute<{ confirmed_at: Date | null; confirm_token: string; unsubscribe_token: string }[]>('select confirmed_at, confirm_token, unsubscribe_token from content.newsletter_subscriber');
    expect(row.confirmed_at).toBeNull();
    expect(row.confirm_token).toMatch(/^[0-9a-f]{64}$/);
    expect(row.unsubscribe_token).not.toBe(row.confirm_token);
    const confirm = (token: string) => running.client.send(Subjects.content.newsletterConfirm, { token });
    expect(await confirm(row.confirm_token)).toEqual({ confirmed: true, email: 'optin@example.com' });
    expect(await confirm(row.confirm_token)).toEqual({ confirmed: true, email: 'optin@example.com' }); // following it again is fine
    await expect(confirm(row.unsubscribe_token)).rejects.toMatchObject({ code: ErrorCode.NotFound });
    await expect(confirm('not-a-token')).rejects.toMatchObject({ code: ErrorCode.Validation });
    const unsubscribe = () => running.client.send(Subjects.content.newsletterUnsubscribe, { token: row.unsubscribe_token });
    expect(await unsubscribe()).toEqual({ unsubscribed: true });
    expect(await unsubscribe()).toEqual({ unsubscribed: true });
    expect(await storedEmails()).toEqual([]);
  });

  it('mails the confirmation once however often the address signs up again within the resend window', async () => {
    const address = `again-${Date.now()}@example.com`;
    for (let attempt = 0; attempt < 3; attempt++) await subscribe(address);
    const caught = await caughtMailTo(address);
    expect(caught.map((mail) => mail.subject)).toEqual(['Confirm your Lipcast newsletter subscription']);
  });

  it('says what is wrong with an invalid address', async () => {
    await expect(subscribe('nobody@')).rejects.toMatchObject({ message: 'Please enter a valid e-mail address' });
  });
});
