/** Blog post as the browser sees it (spec section 3). */
export interface BlogPost {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  featuredImage: string | null;
  publishedAt: string | null;
  createdAt: string;
  author: string | null;
}

/** The last page number a blog list may ask for: its row offset must stay a small number for PostgreSQL. */
export const POSTS_MAX_PAGE = 100_000;
/** A blog list's page size: 12 unless said, at most 50. */
export const POSTS_PAGE_SIZE = { default: 12, max: 50 } as const;

export interface ListPostsRequest {
  /** Default true: published posts only; false lists drafts and scheduled posts too (never for the public). */
  published?: boolean;
  page?: number;
  pageSize?: number;
}

export interface ListPostsResponse {
  items: BlogPost[];
  page: number;
  pageSize: number;
  total: number;
}

/** One published post with its text: paragraphs separated by a blank line, `## ` starts a heading. */
export interface BlogPostDetail extends BlogPost {
  body: string;
}

export interface GetPostRequest {
  slug: string;
}

/** The longest address SMTP allows (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid e-mail address';

export interface NewsletterSubscribeRequest {
  email: string;
}

/** Subscribing an address already on the list is a success too. */
export interface NewsletterSubscribeResponse {
  subscribed: true;
}
