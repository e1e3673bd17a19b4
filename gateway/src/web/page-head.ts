import { NO_SESSION_META, type PageMeta } from '@lipcast/contracts';

/** Where the gateway writes each page's metadata into the shell's index.html. */
export const HEAD_MARKER = '<!--lipcast:head-->';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]);
}

/** What a page's head says beyond its metadata, for search engines. */
export interface HeadExtras {
  /** The page's one address (no query, no trailing slash). */
  canonicalUrl?: string;
  /** schema.org data (a post's `Article`), written as JSON-LD. */
  structuredData?: Record<string, unknown>;
}

/** JSON inside `<script>`: `<` escaped, so no text in it can close the element. */
const scriptJson = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c');

/**
 * Title, description, keywords, Open Graph and Twitter card tags for link previews and crawlers;
 * the canonical URL and structured data when given; for a request without a session, the marker
 * that tells the shell so (NO_SESSION_META).
 */
export function renderHead(meta: PageMeta, url: string, withoutSession = false, extras: HeadExtras = {}): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const isArticle = extras.structuredData?.['@type'] === 'Article';
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    `<meta name="keywords" content="${escapeHtml(meta.keywords)}">`,
    ...(extras.canonicalUrl ? [`<link rel="canonical" href="${escapeHtml(extras.canonicalUrl)}">`] : []),
    `<meta property="og:type" content="${isArticle ? 'article' : 'website'}">`,
    `<meta property="og:site_name" content="Lipcast">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${title}">`,
    `<meta name="twitter:description" content="${description}">`,
  ];
  if (extras.structuredData) tags.push(`<script type="application/ld+json">${scriptJson(extras.structuredData)}</script>`);
  if (withoutSession) tags.push(`<meta name="${NO_SESSION_META.name}" content="${NO_SESSION_META.content}">`);
  return tags.join('\n    ');
}

/** Writes the tags at the marker; a build whose minifier dropped the comment gets them before `</head>`. */
export function injectHead(html: string, meta: PageMeta, url: string, withoutSession = false, extras: HeadExtras = {}): string {
  const head = renderHead(meta, url, withoutSession, extras);
  if (html.includes(HEAD_MARKER)) return html.replace(HEAD_MARKER, () => head);
  return html.replace(/<\/head>/i, (closing) => `${head}${closing}`);
}
