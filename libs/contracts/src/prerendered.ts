/**
 * Pages rendered at build time for visitors (tools/webpack/prerender.cjs): each app's build writes
 * `dist/prerendered/pages.json` listing its fragments, and the gateway composes them
 * (gateway/src/web/prerendered-pages.ts).
 * - `page`: the whole page (the landing page brings its own header and footer);
 * - `content`: a remote's page, shown inside the shell's layout for the same path;
 * - `layout`: the shell's header and footer for a path, with PRERENDERED_SLOT where the content goes.
 */
export type PrerenderedKind = 'page' | 'content' | 'layout';

export const PRERENDERED_KINDS: readonly PrerenderedKind[] = ['page', 'content', 'layout'];

export interface PrerenderedIndexEntry {
  /** The page's path, served prerendered to visitors (requests without a session). */
  path: string;
  kind: PrerenderedKind;
  /** The fragment, in the same folder as pages.json. */
  file: string;
  /** A script of the same app that the static page runs (in the app's dist folder). */
  script?: string;
  /** The app's own stylesheets the page needs (in the app's dist folder): a remote's classes are in its stylesheet only. */
  stylesheets?: string[];
}

/** Where a layout's content goes (React renders an empty `<template data-prerendered-slot="">` as this). */
export const PRERENDERED_SLOT = '<template data-prerendered-slot=""></template>';
