import { DATA_PAGE_ROUTES, ErrorCode, findRoute, Subjects, type BlogPost, type BlogPostDetail } from '@lipcast/contracts';
import { ServiceError, type ServiceClient } from '@lipcast/nest-kit';
import { articleData, PublicContent, robotsTxt, SITEMAP_PATHS, sitemapXml } from './data-pages';

const post = (index: number): BlogPost => ({
  id: index,
  title: `Post ${index}`,
  slug: `post-${index}`,
  excerpt: `About ${index}`,
  featuredImage: null,
  publishedAt: '2026-11-01T10:00:00.000Z',
  createdAt: '2026-10-30T10:00:00.000Z',
  author: 'Ann',
});

/** The services as the gateway asks them: each subject answered from `answers`, every request recorded. */
function services(answers: Partial<Record<string, (payload: never) => unknown>>) {
  const sent: { subject: string; payload: unknown }[] = [];
  const client = {
    send: (subject: string, payload: unknown) => {
      sent.push({ subject, payload });
      const answer = answers[subject];
      return answer ? Promise.resolve().then(() => answer(payload as never)) : Promise.reject(new Error(`unexpected ${subject}`));
    },
  } as unknown as ServiceClient;
  return { client, sent };
}

describe(PublicContent.name, () => {
  const canonical = 'https://lipcast.example/blog/post-1';

  it("reads the blog's first page of published posts, as the app asks for them, and keeps only the topic from the query", async () => {
    const { client, sent } = services({ [Subjects.content.postsList]: () => ({ items: [post(1)], total: 1, page: 1, pageSize: 12 }) });
    const found = await new PublicContent(client).dataPage('/blog', new URLSearchParams({ tag: 'LipSync', utm: 'x' }), 'https://lipcast.example/blog');
    expect(found).toEqual({ page: { route: DATA_PAGE_ROUTES.blog, location: '/blog?tag=LipSync', posts: [post(1)] } });
    expect(sent).toEqual([{ subject: Subjects.content.postsList, payload: { page: 1, pageSize: 12, published: true } }]);
  });

  it('reads a post by its slug, with its own metadata and Article data; null for one that does not exist', async () => {
    const detail: BlogPostDetail = { ...post(1), body: 'Text' };
    const { client, sent } = services({
      [Subjects.content.postsGet]: ({ slug }: { slug: string }) => {
        if (slug !== 'post 1') throw new ServiceError(ErrorCode.NotFound, 'No such post');
        return detail;
      },
    });
    const content = new PublicContent(client);
    const found = await content.dataPage('/blog/post%201', new URLSearchParams(), canonical);
    expect(sent[0].payload).toEqual({ slug: 'post 1' });
    expect(found?.page).toEqual({ route: DATA_PAGE_ROUTES.post, location: '/blog/post%201', post: detail });
    expect(found?.meta).toMatchObject({ title: 'Post 1 | Lipcast', description: 'About 1' });
    expect(found?.structuredData).toEqual(articleData(detail, canonical));
    expect(await content.dataPage('/blog/other', new URLSearchParams(), canonical)).toBeNull();
  });

  it("reads the gallery as a visitor's (no own items marked)", async () => {
    const { client, sent } = services({ [Subjects.generation.galleryList]: () => [] });
    expect(await new PublicContent(client).dataPage('/user-influencers', new URLSearchParams(), 'https://x/user-influencers')).toEqual({
      page: { route: DATA_PAGE_ROUTES.gallery, location: '/user-influencers', items: [] },
    });
    expect(sent).toEqual([{ subject: Subjects.generation.galleryList, payload: { userId: null } }]);
  });

  it("reads nothing for other pages, nor for the blog's older post links (`?post=`), which the app shows", async () => {
    const { client, sent } = services({});
    const content = new PublicContent(client);
    expect(await content.dataPage('/pricing', new URLSearchParams(), 'https://x/pricing')).toBeUndefined();
    expect(await content.dataPage('/blog', new URLSearchParams({ post: 'post-1' }), 'https://x/blog')).toBeUndefined();
    expect(sent).toEqual([]);
  });

  it('lists the public pages and every published post, page by page, for the sitemap', async () => {
    const all = Array.from({ length: 60 }, (_, index) => post(index + 1));
    const { client, sent } = services({
      [Subjects.content.postsList]: ({ page, pageSize }: { page: number; pageSize: number }) => ({ items: all.slice((page - 1) * pageSize, page * pageSize), total: all.length, page, pageSize }),
    });
    const entries = await new PublicContent(client).sitemap();
    expect(entries.slice(0, SITEMAP_PATHS.length)).toEqual(SITEMAP_PATHS.map((path) => ({ path })));
    expect(entries.slice(SITEMAP_PATHS.length)).toHaveLength(60);
    expect(entries.at(-1)).toEqual({ path: '/blog/post-60', lastModified: '2026-11-01T10:00:00.000Z' });
    expect(sent).toHaveLength(2);
  });
});

describe('sitemap and robots', () => {
  it('lists only public pages', () => {
    for (const path of SITEMAP_PATHS) expect(findRoute(path)?.requiresAuth).toBe(false);
  });

  it('writes absolute, escaped addresses', () => {
    const xml = sitemapXml('https://lipcast.example', [{ path: '/' }, { path: '/blog/a&b', lastModified: '2026-11-01T10:00:00.000Z' }]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain('<url><loc>https://lipcast.example/</loc></url>');
    expect(xml).toContain('<url><loc>https://lipcast.example/blog/a&amp;b</loc><lastmod>2026-11-01T10:00:00.000Z</lastmod></url>');
  });

  it('points crawlers to the sitemap and away from the API', () => {
    expect(robotsTxt('https://lipcast.example')).toBe('User-agent: *\nDisallow: /api/\n\nSitemap: https://lipcast.example/sitemap.xml\n');
  });
});
