import type { BlogPost, BlogPostDetail } from './content';
import type { InfluencerProject } from './generation';

/**
 * Pages prerendered for visitors (tools/webpack/prerender.cjs): each app's build writes
 * `dist/prerendered/pages.json` listing its fragments, and the gateway composes them
 * (gateway/src/web/prerendered-pages.ts).
 * - `page`: the whole page (the landing page brings its own header and footer);
 * - `content`: a remote's page, shown inside the shell's layout for the same path;
 * - `layout`: the shell's header and footer for a path (or a route's pattern, `/blog/:slug`), with
 *   PRERENDERED_SLOT where the content goes;
 * - `data`: a remote's page that shows data, rendered by the gateway on request with the data it
 *   reads then (`file` is the app's render module, see `RenderDataPage`), inside the shell's layout.
 */
export type PrerenderedKind = 'page' | 'content' | 'layout' | 'data';

export const PRERENDERED_KINDS: readonly PrerenderedKind[] = ['page', 'content', 'layout', 'data'];

export interface PrerenderedIndexEntry {
  /** The page's path (for `data` and `layout`, possibly a route's pattern), served prerendered to visitors (requests without a session). */
  path: string;
  kind: PrerenderedKind;
  /** The fragment, in the same folder as pages.json (for `data`, the render module). */
  file: string;
  /** A script of the same app that the static page runs (in the app's dist folder). */
  script?: string;
  /** The app's own stylesheets the page needs (in the app's dist folder): a remote's classes are in its stylesheet only. */
  stylesheets?: string[];
}

/** Where a layout's content goes (React renders an empty `<template data-prerendered-slot="">` as this). */
export const PRERENDERED_SLOT = '<template data-prerendered-slot=""></template>';

/** The routes whose pages are rendered with their data on request, by the remote that owns them. */
export const DATA_PAGE_ROUTES = { blog: '/blog', post: '/blog/:slug', gallery: '/user-influencers' } as const;

/**
 * A data page with the data the app would fetch for it, as a visitor sees it: `location` is the
 * path with its query (`/blog?tag=LipSync` filters the list as the app does).
 */
export type DataPage =
  | { route: typeof DATA_PAGE_ROUTES.blog; location: string; posts: BlogPost[] }
  | { route: typeof DATA_PAGE_ROUTES.post; location: string; post: BlogPostDetail }
  | { route: typeof DATA_PAGE_ROUTES.gallery; location: string; items: InfluencerProject[] };

/** What a remote's render module (`file` of a `data` entry) exports: the page's markup, as the app renders it. */
export interface DataPageModule {
  renderDataPage(page: DataPage): string;
}
