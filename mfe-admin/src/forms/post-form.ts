import type { AdminPost, AdminPostBody } from '@lipcast/contracts';

/** How the post goes out: kept as a draft, published at once, or at a chosen time. */
export type Publication = 'draft' | 'now' | 'schedule';

/** What the operator typed into the post form (`scheduledAt` as a `datetime-local` value, in UTC). */
export interface PostFormInput {
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  featuredImage: string;
  author: string;
  publication: Publication;
  scheduledAt: string;
}

export type PostFormErrors = Partial<Record<keyof PostFormInput, string>>;

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const POST_MESSAGES = {
  titleMissing: 'Enter a title',
  slugInvalid: 'Lower-case letters, digits and single hyphens only, e.g. writing-better-scripts',
  excerptMissing: 'Enter a short excerpt for the blog list',
  bodyMissing: 'Enter the post (Markdown)',
  imageInvalid: 'Enter an address starting with https://, http:// or /',
  scheduleMissing: 'Choose when to publish it',
  scheduleInPast: 'Choose a time in the future (or publish now)',
} as const;

export const EMPTY_POST_FORM: PostFormInput = { title: '', slug: '', excerpt: '', body: '', featuredImage: '', author: '', publication: 'draft', scheduledAt: '' };

/** "Writing Better Scripts!" → "writing-better-scripts", as a starting point for the slug. */
export function slugFrom(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** `2026-11-24T09:30` (UTC, as the form shows it) ↔ an ISO instant. */
export const toDateTimeLocal = (iso: string): string => iso.slice(0, 16);
const fromDateTimeLocal = (value: string): Date => new Date(`${value}:00.000Z`);

/** The form's values for an existing post. */
export function postToForm(post: AdminPost): PostFormInput {
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    body: post.body,
    featuredImage: post.featuredImage ?? '',
    author: post.author ?? '',
    // A published post keeps its date unless the operator chooses otherwise.
    publication: post.status === 'draft' ? 'draft' : 'schedule',
    scheduledAt: post.publishedAt ? toDateTimeLocal(post.publishedAt) : '',
  };
}

/**
 * The request body, or the message for each field that is wrong. `now` is when the form is sent;
 * `currentPublishedAt` is the edited post's date, which may stay in the past (it is already out),
 * while a new schedule must lie ahead.
 */
export function validatePostForm(input: PostFormInput, now: Date, currentPublishedAt: string | null = null): { body: AdminPostBody } | { errors: PostFormErrors } {
  const errors: PostFormErrors = {};
  const title = input.title.trim();
  const slug = input.slug.trim();
  const excerpt = input.excerpt.trim();
  const featuredImage = input.featuredImage.trim();
  if (title === '') errors.title = POST_MESSAGES.titleMissing;
  if (!SLUG_PATTERN.test(slug)) errors.slug = POST_MESSAGES.slugInvalid;
  if (excerpt === '') errors.excerpt = POST_MESSAGES.excerptMissing;
  if (input.body.trim() === '') errors.body = POST_MESSAGES.bodyMissing;
  if (featuredImage !== '' && !/^(https?:\/\/|\/)\S+$/.test(featuredImage)) errors.featuredImage = POST_MESSAGES.imageInvalid;
  let publishedAt: string | null = null;
  if (input.publication === 'now') publishedAt = now.toISOString();
  if (input.publication === 'schedule') {
    const at = fromDateTimeLocal(input.scheduledAt);
    const unchanged = currentPublishedAt !== null && toDateTimeLocal(currentPublishedAt) === input.scheduledAt;
    if (input.scheduledAt === '' || Number.isNaN(at.getTime())) errors.scheduledAt = POST_MESSAGES.scheduleMissing;
    else if (unchanged) publishedAt = currentPublishedAt;
    else if (at.getTime() <= now.getTime()) errors.scheduledAt = POST_MESSAGES.scheduleInPast;
    else publishedAt = at.toISOString();
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    body: { title, slug, excerpt, body: input.body, featuredImage: featuredImage || null, author: input.author.trim() || null, publishedAt },
  };
}
