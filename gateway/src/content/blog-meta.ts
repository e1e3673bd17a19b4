import { ErrorCode, pageMeta, Subjects, type BlogPost, type GetPostRequest, type PageMeta } from '@lipcast/contracts';
import { ServiceError, type ServiceClient } from '@lipcast/nest-kit';

const POST_PATH = /^\/blog\/([^/]+)\/?$/;

/** A post's page: its own title and excerpt. */
export const postMeta = (post: Pick<BlogPost, 'title' | 'excerpt'>): PageMeta => pageMeta(post.title, post.excerpt, 'AI video blog, lip sync tips');

/**
 * A blog post's page carries the post's own title and excerpt (for crawlers and link previews);
 * null for a post that does not exist, undefined for any other page.
 */
export function blogPostMeta(services: ServiceClient): (path: string) => Promise<PageMeta | null | undefined> {
  return async (path) => {
    const slug = POST_PATH.exec(path)?.[1];
    if (!slug) return undefined;
    try {
      const post = await services.send(Subjects.content.postsGet, { slug: decodeURIComponent(slug) } satisfies GetPostRequest);
      return postMeta(post);
    } catch (error) {
      if (error instanceof ServiceError && error.code === ErrorCode.NotFound) return null;
      throw error;
    }
  };
}
