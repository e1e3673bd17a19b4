import { MikroORM } from '@mikro-orm/postgresql';
import { ErrorCode, Subjects } from '@lipcast/contracts';
import { readEnv, runMigrations, ServiceSettings, startServiceForTest, type RunningService } from '@lipcast/nest-kit';
import { ormConfig } from '../mikro-orm.config';
import { contentService } from '../service';

const settings = readEnv(ServiceSettings);
const HOUR = 3_600_000;

describe('content.posts.list.v1', () => {
  let running: RunningService;
  let orm: MikroORM;
  const list = (query: object) => running.client.send(Subjects.content.postsList, query);

  beforeAll(async () => {
    running = await startServiceForTest(contentService);
    orm = await MikroORM.init(ormConfig(settings.DATABASE_URL));
    const insert = (slug: string, publishedAt: Date | null, createdAt: Date) =>
      orm.em.getConnection().execute(
        'insert into content.blog_post (title, slug, excerpt, body, author, published_at, created_at) values (?, ?, ?, ?, ?, ?, ?)',
        [`Post ${slug}`, slug, `About ${slug}`, 'Body', slug === 'old' ? null : 'Lipcast team', publishedAt, createdAt],
      );
    const now = Date.now();
    await orm.em.getConnection().execute('delete from content.blog_post');
    await insert('old', new Date(now - 3 * HOUR), new Date(now - 5 * HOUR));
    await insert('newer', new Date(now - 2 * HOUR), new Date(now - 4 * HOUR));
    await insert('newest', new Date(now - HOUR), new Date(now - 3 * HOUR));
    await insert('draft', null, new Date(now));
    await insert('scheduled', new Date(now + 24 * HOUR), new Date(now));
  });

  afterAll(async () => {
    await running.close();
    await orm.em.getConnection().execute('delete from content.blog_post');
    await orm.close();
  });

  it('lists only posts whose publication time has come, newest first', async () => {
    const page = await list({ published: true });
    expect(page.items.map((post) => post.slug)).toEqual(['newest', 'newer', 'old']);
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 12 });
    expect(page.items[0]).toMatchObject({ title: 'Post newest', excerpt: 'About newest', author: 'Lipcast team', featuredImage: null });
    expect(page.items[2].author).toBeNull();
    expect(new Date(page.items[0].publishedAt!).getTime()).toBeLessThan(Date.now());
  });

  it('pages through the posts', async () => {
    const second = await list({ published: true, page: 2, pageSize: 2 });
    expect(second.items.map((post) => post.slug)).toEqual(['old']);
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
  });

  it('still reports the total past the last page', async () => {
    expect(await list({ published: true, page: 5, pageSize: 2 })).toMatchObject({ items: [], total: 3, page: 5 });
  });

  it('lists only published posts unless asked for drafts', async () => {
    expect((await list({})).total).toBe(3);
    expect((await list({ published: false })).total).toBe(5);
  });

  it('refuses a page size over the maximum', async () => {
    await expect(list({ pageSize: 51 })).rejects.toMatchObject({ code: ErrorCode.Validation });
  });

  it('migrates down and up again', async () => {
    const config = ormConfig(settings.DATABASE_URL);
    // One step down at a time: the newest migration (newsletter issues) first, then mail's, then the remote registry's.
    expect(await runMigrations(config, 'down')).toEqual(['Migration20261128120000']);
    expect(await runMigrations(config, 'down')).toEqual(['Migration20261126100000']);
    expect(await runMigrations(config, 'down')).toEqual(['Migration20261126000000']);
    expect(await runMigrations(config, 'down')).toEqual(['Migration20261123000000']);
    expect(await runMigrations(config, 'down')).toEqual(['Migration20261122000000']);
    expect(await runMigrations(config, 'up')).toEqual(['Migration20261122000000', 'Migration20261123000000', 'Migration20261126000000', 'Migration20261126100000', 'Migration20261128120000']);
  });
});
