/** @jest-environment node */
import { DATA_PAGE_ROUTES, type BlogPostDetail, type InfluencerProject } from '@lipcast/contracts';
import { dataPageRoutes, renderDataPage } from './prerender';

const post: BlogPostDetail = {
  id: 1,
  title: 'Writing <b>short</b> scripts',
  slug: 'short-scripts',
  excerpt: 'Fewer words, better videos.',
  body: '## Keep it short\n\nSay one thing. <script>alert(1)</script>',
  featuredImage: null,
  publishedAt: '2026-11-01T10:00:00.000Z',
  createdAt: '2026-10-30T10:00:00.000Z',
  author: 'Ann',
};

const item = {
  id: 7,
  name: 'Chess Coach',
  imageUrl: '/media/7.png',
  thumbnailUrl: null,
  duration: 12,
  isOwner: false,
  imageKind: 'illustration',
  outputUrl: '/media/7.mp4',
  createdAt: '2026-11-01T10:00:00.000Z',
  isApproved: true,
  moderation: { state: 'visible', reason: null, appealed: false },
} satisfies InfluencerProject;

describe(renderDataPage.name, () => {
  it('renders every data route', () => {
    expect(dataPageRoutes).toEqual(Object.values(DATA_PAGE_ROUTES));
  });

  it("renders the blog's cards from the posts given, filtered by the location's topic as the app filters them", () => {
    const html = renderDataPage({ route: DATA_PAGE_ROUTES.blog, location: '/blog', posts: [post] });
    expect(html).toContain('>Lipcast Blog</h1>');
    expect(html).toContain('href="/blog/short-scripts"');
    expect(html).toContain('Fewer words, better videos.');
    expect(html).not.toContain('Loading blog posts');
    const filtered = renderDataPage({ route: DATA_PAGE_ROUTES.blog, location: '/blog?tag=AIInfluencers', posts: [post] });
    // React separates adjacent texts with empty comments.
    expect(filtered.replaceAll('<!-- -->', '')).toContain('No posts tagged #AIInfluencers yet.');
  });

  it("renders a post's body as text, as the app does: its markup is escaped", () => {
    const html = renderDataPage({ route: DATA_PAGE_ROUTES.post, location: '/blog/short-scripts', post });
    expect(html).toContain('>Writing &lt;b&gt;short&lt;/b&gt; scripts</h1>');
    expect(html).toContain('>Keep it short</h2>');
    expect(html).toContain('Say one thing. &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('Sign up to try it');
  });

  it("renders the gallery as a visitor's: cards to report, none to delete", () => {
    const html = renderDataPage({ route: DATA_PAGE_ROUTES.gallery, location: '/user-influencers', items: [item] });
    expect(html).toContain('>User Generated Influencers</h1>');
    expect(html).toContain('<img src="/media/7.png"');
    expect(html).toContain('aria-label="Report Chess Coach"');
    expect(html).not.toContain('Delete');
  });
});
