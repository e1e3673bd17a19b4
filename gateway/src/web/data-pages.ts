import { DATA_PAGE_ROUTES, ErrorCode, findRoute, PRODUCT_NAME, POSTS_PAGE_SIZE, Subjects, type BlogPostDetail, type DataPage, type PageMeta } from '@lipcast/contracts';
import { ServiceError, type ServiceClient } from '@lipcast/nest-kit';
import { postMeta } from '../content/blog-meta';
import type { HeadExtras } from './page-head';

/** A data page for a visitor's request, with what its head says beyond the route's metadata. */
export interface VisitorDataPage {
  page: DataPage;
  /** The page's own metadata (a post's), instead of its route's. */
  meta?: PageMeta;
  structuredData?: HeadExtras['structuredData'];
}

/** One address in the sitemap: a path and, for a post, when it was published. */
export interface SitemapEntry {
  path: string;
  lastModified?: string;
}

/** The public pages a search engine should know besides the posts (the rest are for signed-in users, or results of a payment). */
export const SITEMAP_PATHS = ['/', '/pricing', '/user-influencers', '/blog', '/terms', '/privacy', '/pitch-deck'] as const;
/** The sitemap lists at most this many posts (a sitemap file holds 50,000 addresses). */
const SITEMAP_MAX_POSTS = 10_000;

const POST_PATH = /^\/blog\/([^/]+)\/?$/;
const TAG_PARAM = 'tag';
/** The blog's older post links (`/blog?post=<slug>`): the app shows the post there; they are not prerendered. */
const POST_PARAM = 'post';

/** A post's schema.org `Article`, for search engines. */
export function articleData(post: BlogPostDetail, canonicalUrl: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: post.title,
    description: post.excerpt,
    datePublished: post.publishedAt ?? post.createdAt,
    ...(post.author ? { author: { '@type': 'Person', name: post.author } } : {}),
    ...(post.featuredImage ? { image: post.featuredImage } : {}),
    mainEntityOfPage: canonicalUrl,
    publisher: { '@type': 'Organization', name: PRODUCT_NAME },
  };
}

/**
 * The data the visitor's view of `/blog`, `/blog/<slug>` and `/user-influencers` shows, read from
 * the services on every request (never from a cache: a post published or a gallery item removed
 * shows on the next request, on every gateway replica). The same reads the app makes for a visitor.
 */
export class PublicContent {
  constructor(private readonly services: ServiceClient) {}

  /** The data page for a path; undefined when the path is no data page (or one not prerendered), null when its post does not exist. */
  async dataPage(path: string, query: URLSearchParams, canonicalUrl: string): Promise<VisitorDataPage | null | undefined> {
    switch (findRoute(path)?.path) {
      case DATA_PAGE_ROUTES.blog: {
        if (query.has(POST_PARAM)) return undefined;
        // The app's first page of posts, as `GET /api/blog/posts` answers it without parameters.
        const { items } = await this.services.send(Subjects.content.postsList, { page: 1, pageSize: POSTS_PAGE_SIZE.default, published: true });
        const tag = query.get(TAG_PARAM);
        const location = tag ? `${DATA_PAGE_ROUTES.blog}?${new URLSearchParams({ [TAG_PARAM]: tag })}` : DATA_PAGE_ROUTES.blog;
        return { page: { route: DATA_PAGE_ROUTES.blog, location, posts: items } };
      }
      case DATA_PAGE_ROUTES.post: {
        const slug = decodeURIComponent(POST_PATH.exec(path)![1]);
        const post = await this.post(slug);
        if (!post) return null;
        return { page: { route: DATA_PAGE_ROUTES.post, location: path, post }, meta: postMeta(post), structuredData: articleData(post, canonicalUrl) };
      }
      case DATA_PAGE_ROUTES.gallery: {
        const items = await this.services.send(Subjects.generation.galleryList, { userId: null });
        return { page: { route: DATA_PAGE_ROUTES.gallery, location: DATA_PAGE_ROUTES.gallery, items } };
      }
      default:
        return undefined;
    }
  }

  /** The public pages and every published post, for `sitemap.xml`. */
  async sitemap(): Promise<SitemapEntry[]> {
    const entries: SitemapEntry[] = SITEMAP_PATHS.map((path) => ({ path }));
    const pageSize = POSTS_PAGE_SIZE.max;
    for (let page = 1; page <= SITEMAP_MAX_POSTS / pageSize; page++) {
      const { items, total } = await this.services.send(Subjects.content.postsList, { page, pageSize, published: true });
      for (const post of items) entries.push({ path: `/blog/${encodeURIComponent(post.slug)}`, lastModified: post.publishedAt ?? post.createdAt });
      if (page * pageSize >= total || items.length < pageSize) break;
    }
    return entries;
  }

  private async post(slug: string): Promise<BlogPostDetail | null> {
    try {
      return await this.services.send(Subjects.content.postsGet, { slug });
    } catch (error) {
      if (error instanceof ServiceError && error.code === ErrorCode.NotFound) return null;
      throw error;
    }
  }
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character]);

/** The sitemap protocol's XML for the entries, at absolute addresses on `origin`. */
export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map(({ path, lastModified }) => {
    const lastmod = lastModified ? `<lastmod>${escapeXml(lastModified)}</lastmod>` : '';
    return `  <url><loc>${escapeXml(`${origin}${path}`)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Crawlers may read every page but the API; the sitemap lists the public ones. */
export function robotsTxt(origin: string): string {
  return `User-agent: *\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`;
}
