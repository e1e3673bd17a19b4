/* eslint-disable @nx/enforce-module-boundaries -- this test runs the real content service in the test's process */
import type { AddressInfo } from 'node:net';
import { Module, ValidationPipe, type INestApplication } from '@nestjs/common';
import { APP_GUARD, NestFactory } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import pg from 'pg';
import { Messages } from '@lipcast/contracts';
import { createLogger, readEnv, ServiceClient, ServiceClientModule, ServiceSettings, startServiceForTest, type RunningService } from '@lipcast/nest-kit';
import { contentService } from '../../../services/content/src/service';
import { HttpErrorFilter } from '../../../gateway/src/http/error.filter';
import { PublicReadCaching, PublicReads } from '../../../gateway/src/http/public-reads';
import { BlogController } from '../../../gateway/src/content/blog.controller';
import { NewsletterController } from '../../../gateway/src/content/newsletter.controller';

const settings = readEnv(ServiceSettings);
const SLUG = `gateway-content-${Date.now()}`;

/** The content routes as the gateway serves them, with a generous default limit so only the route's own limit bites. */
@Module({
  imports: [
    ServiceClientModule.forRoot({ url: settings.NATS_URL, name: 'content-routes-test' }),
    ThrottlerModule.forRoot({ throttlers: [{ name: 'api', ttl: 60_000, limit: 1000 }], errorMessage: Messages.rateLimited }),
  ],
  controllers: [BlogController, NewsletterController],
  providers: [
    { provide: APP_GUARD, useClass: ThrottlerGuard },
    // Uncached: the test reads what it has just written.
    { provide: PublicReads, inject: [ServiceClient], useFactory: (services: ServiceClient) => new PublicReads(services, 0) },
    PublicReadCaching,
  ],
})
class ContentRoutesModule {}

describe('gateway content routes', () => {
  let service: RunningService;
  let app: INestApplication;
  let base: string;
  const database = new pg.Pool({ connectionString: settings.DATABASE_URL, max: 1 });
  const subscribe = (email: unknown) =>
    fetch(`${base}/api/newsletter`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });

  beforeAll(async () => {
    service = await startServiceForTest(contentService);
    await database.query(
      `insert into content.blog_post (title, slug, excerpt, body, author, published_at) values
        ('Published', $1 || '-published', 'One', 'Text', 'Lipcast team', now() - interval '1 hour'),
        ('Draft', $1 || '-draft', 'Two', 'Text', null, null)`,
      [SLUG],
    );
    await database.query('delete from content.newsletter_subscriber');
    app = await NestFactory.create(ContentRoutesModule, { logger: false });
    app.setGlobalPrefix('api');
    app.useGlobalPipes(new ValidationPipe({ whitelist: true, transform: true }));
    app.useGlobalFilters(new HttpErrorFilter(createLogger('gateway-test')));
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app?.close();
    await service?.close();
    await database.query(`delete from content.blog_post where slug like $1 || '-%'`, [SLUG]);
    await database.query('delete from content.newsletter_subscriber');
    await database.end();
  });

  it('GET /api/blog/posts/:slug answers a published post with its body', async () => {
    const response = await fetch(`${base}/api/blog/posts/${SLUG}-published`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ title: 'Published', slug: `${SLUG}-published`, body: 'Text', author: 'Lipcast team' });
  });

  it('GET /api/blog/posts/:slug answers 404 for a draft', async () => {
    const response = await fetch(`${base}/api/blog/posts/${SLUG}-draft`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Blog post not found' });
  });

  it('GET /api/blog/posts lists published posts only, whatever the query says', async () => {
    for (const query of ['', '?published=false', '?published=true', '?page=1&pageSize=50']) {
      const response = await fetch(`${base}/api/blog/posts${query}`);
      expect([query, response.status]).toEqual([query, 200]);
      const slugs = ((await response.json()) as { slug: string }[]).map((post) => post.slug);
      expect(slugs).toContain(`${SLUG}-published`);
      expect(slugs).not.toContain(`${SLUG}-draft`);
    }
  });

  it('POST /api/newsletter subscribes, idempotently, and refuses an invalid address with its message', async () => {
    const first = await subscribe('Reader@Example.com');
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ subscribed: true });
    expect(await (await subscribe('reader@example.com')).json()).toEqual({ subscribed: true });
    expect((await database.query('select count(*)::int as count from content.newsletter_subscriber')).rows[0].count).toBe(1);

    const invalid = await subscribe('not-an-address');
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).message).toBe('Please enter a valid e-mail address');
  });

  it('POST /api/newsletter allows 10 requests a minute per address', async () => {
    // Three were made above; seven more reach the limit, the next one is refused.
    for (let request = 0; request < 7; request++) expect((await subscribe(`reader${request}@example.com`)).status).toBe(200);
    const refused = await subscribe('one-too-many@example.com');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: Messages.rateLimited });
  });
});
