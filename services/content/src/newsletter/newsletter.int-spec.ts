import { MikroORM } from '@mikro-orm/postgresql';
import { ErrorCode, Subjects, type NewsletterSubscribeResponse } from '@lipcast/contracts';
import { readEnv, ServiceSettings, startServiceForTest, type RunningService } from '@lipcast/nest-kit';
import { ormConfig } from '../mikro-orm.config';
import { contentService } from '../service';

const settings = readEnv(ServiceSettings);

describe('content.newsletter.subscribe.v1', () => {
  let running: RunningService;
  let orm: MikroORM;
  const subscribe = (email: unknown) => running.client.send<NewsletterSubscribeResponse>(Subjects.content.newsletterSubscribe, { email });
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

  it('says what is wrong with an invalid address', async () => {
    await expect(subscribe('nobody@')).rejects.toMatchObject({ message: 'Please enter a valid e-mail address' });
  });
});
