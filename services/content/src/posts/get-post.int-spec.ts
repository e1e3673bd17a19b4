import { MikroORM } from '@mikro-orm/postgresql';
import { ErrorCode, Subjects } from '@lipcast/contracts';
import { readEnv, runMigrations, ServiceSettings, startServiceForTest, type RunningService } from '@lipcast/nest-kit';
import { ormConfig } from '../mikro-orm.config';
import { contentService } from '../service';
import { SEED_POSTS } from './seed-posts';

const settings = readEnv(ServiceSettings);
const HOUR = 3_600_000;
const TEST_SLUGS = ['get-published', 'get-draft', 'get-scheduled'];

describe('content.posts.get.v1', () => {
  let running: RunningService;
  let orm: MikroORM;
  const get = (slug: string) => running.client.send(Subjects.content.postsGet, { slug });
  const deleteTestPosts = () => orm.em.getConnection().execute('delete from content.blog_post where slug in (?, ?, ?)', TEST_SLUGS);

  beforeAll(async () => {
    running = await startServiceForTest(contentService);
    orm = await MikroORM.init(ormConfig(settings.DATABASE_URL));
    const insert = (slug: string, publishedAt: Date | null) =>
      orm.em.getConnection().execute(
        'insert into content.blog_post (title, slug, excerpt, body, author, published_at) values (?, ?, ?, ?, ?, ?)',
        [`Post ${slug}`, slug, `About ${slug}`, 'First paragraph.\n\n## A heading\n\nSecond paragraph.', 'Lipcast team', publishedAt],
      );
    await deleteTestPosts();
    await insert('get-published', new Date(Date.now() - HOUR));
    await insert('get-draft', null);
    await insert('get-scheduled', new Date(Date.now() + 24 * HOUR));
  });

  afterAll(async () => {
    await deleteTestPosts();
    await running.close();
    await orm.close();
  });

  it('answers a published post with its body', async () => {
    const post = await get('get-published');
    expect(post).toMatchObject({
      slug: 'get-published',
      title: 'Post get-published',
      excerpt: 'About get-published',
      author: 'Lipcast team',
      featuredImage: null,
      body: 'First paragraph.\n\n## A heading\n\nSecond paragraph.',
    });
    expect(typeof post.id).toBe('number');
    expect(new Date(post.publishedAt!).getTime()).toBeLessThan(Date.now());
  });

  it.each(['get-draft', 'get-scheduled', 'no-such-post'])('answers NOT_FOUND for %s', async (slug) => {
    await expect(get(slug)).rejects.toMatchObject({ code: ErrorCode.NotFound });
  });

  it('refuses an empty slug', async () => {
    await expect(get('')).rejects.toMatchObject({ code: ErrorCode.Validation });
  });

  it('seeds the three guides, published, with authors, excerpts and bodies', async () => {
    // Other suites empty the table: run the seeding migration again to read its posts.
    const config = ormConfig(settings.DATABASE_URL);
    expect(await runMigrations(config, 'down')).toEqual(['Migration20261128120000']);
    expect(await runMigrations(config, 'down')).toEqual(['Migration20261126100000']);
    expect(await runMigrations(config, 'down')).toEqual(['Migration20261126000000']);
    expect(await runMigrations(config, 'down')).toEqual(['Migration20261123000000']);
    expect(await runMigrations(config, 'up')).toEqual(['Migration20261123000000', 'Migration20261126000000', 'Migration20261126100000', 'Migration20261128120000']);
    for (const seed of SEED_POSTS) {
      const post = await get(seed.slug);
      expect(post).toMatchObject({ title: seed.title, excerpt: seed.excerpt, author: 'Lipcast Team', body: seed.body });
      expect(post.body).toContain('\n\n## ');
    }
    expect((await get('how-to-write-a-script-that-fits-your-actors-clip')).title).toBe("How to write a script that fits your actor's clip");
  });
});
