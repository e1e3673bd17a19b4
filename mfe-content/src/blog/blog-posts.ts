import type { QueryFunction } from '@tanstack/react-query';
import { API_ROUTES, type BlogPost } from '@lipcast/contracts';
import { callApi } from '@lipcast/web-kit';

export const POSTS_QUERY_KEY = [API_ROUTES.publishedPosts.path] as const;
export const POSTS_FETCH_FAILED = 'Failed to fetch blog posts';
export const POSTS_ERROR_MESSAGE = 'Failed to load blog posts. Please try again later.';
export const POSTS_EMPTY_MESSAGE = 'No blog posts found. Check back soon for new content!';
export const BLOG_HASHTAGS = ['#AIVideo', '#LipSync', '#AIInfluencers', '#ContentCreation'] as const;
export type BlogHashtag = (typeof BLOG_HASHTAGS)[number];

/** The list filtered to one topic: `/blog?tag=LipSync` (the hashtag without its `#`, so the link can be shared as it is). */
export const TAG_QUERY_PARAM = 'tag';
export const tagPath = (tag: BlogHashtag) => `/blog?${TAG_QUERY_PARAM}=${encodeURIComponent(tag.slice(1))}`;

/** The hashtag a `?tag=` value names (with or without `#`, any case), or null for none or an unknown one. */
export function hashtagOf(value: string | null): BlogHashtag | null {
  if (!value) return null;
  const wanted = value.replace(/^#/, '').toLowerCase();
  return BLOG_HASHTAGS.find((tag) => tag.slice(1).toLowerCase() === wanted) ?? null;
}

/**
 * Posts carry no tags of their own, so a topic is the words a post's title or excerpt uses for it;
 * a post may belong to several topics.
 */
const TOPIC_WORDS: Record<BlogHashtag, RegExp> = {
  '#AIVideo': /\bvideos?\b|\bclips?\b/i,
  '#LipSync': /\blip[- ]?sync|\bvoices?\b|\baudio\b|\bmouth/i,
  '#AIInfluencers': /\binfluencers?\b|\bactors?\b/i,
  '#ContentCreation': /\bscripts?\b|\btopics?\b|\bideas?\b|\bcontent\b|\bwrit(e|ing)\b/i,
};

/** Whether a post is about `tag`. */
export function postHasTag(post: Pick<BlogPost, 'title' | 'excerpt'>, tag: BlogHashtag): boolean {
  return TOPIC_WORDS[tag].test(`${post.title} ${post.excerpt}`);
}

/** Where a post is read: `/blog/<slug>` (older links with `/blog?post=<slug>` still open it). */
export const POST_QUERY_PARAM = 'post';
export const postPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;

/** The published posts; any failure raises "Failed to fetch blog posts" (spec section 7). */
export const fetchPublishedPosts: QueryFunction<BlogPost[]> = async ({ signal }) => {
  try {
    return await callApi(API_ROUTES.publishedPosts, { signal });
  } catch (error) {
    throw new Error(POSTS_FETCH_FAILED, { cause: error });
  }
};

const US_SHORT_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** The date a post shows: its publication date, or its creation date for one not published yet. */
export function postDate(post: Pick<BlogPost, 'publishedAt' | 'createdAt'>): string {
  return post.publishedAt ?? post.createdAt;
}

/** US short format, e.g. "Nov 22, 2026". */
export function formatPostDate(isoDate: string): string {
  return US_SHORT_DATE.format(new Date(isoDate));
}
