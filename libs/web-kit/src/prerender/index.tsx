// In Node only, never part of a browser bundle: at build time (tools/webpack/prerender.cjs) and, for
// pages that show data, in the gateway on request. Each app that prerenders pages for visitors
// exports `renderPages()` returning these (and `renderDataPage()` for its data pages).
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import type { PrerenderedKind } from '@lipcast/contracts';
import { ACCOUNT_QUERY_KEY } from '../account';

export interface PrerenderedPage {
  path: string;
  kind: PrerenderedKind;
  /** The fragment's file name, without `.html`. */
  name: string;
  html: string;
  /** A script of the same app the static page runs (its file in the app's dist folder). */
  script?: string;
}

/** Renders as the contracts' PRERENDERED_SLOT: a layout's place for the content. */
export const PrerenderedSlot = () => <template data-prerendered-slot="" />;

/**
 * A page as a signed-out visitor first sees it: no account, nothing fetched yet, except the
 * answers given in `queries` (a data page rendered with the data the app would fetch).
 */
export function renderForVisitor(path: string, page: ReactNode, queries: readonly (readonly [QueryKey, unknown])[] = []): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(ACCOUNT_QUERY_KEY, null);
  for (const [key, data] of queries) queryClient.setQueryData(key, data);
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <StaticRouter location={path}>{page}</StaticRouter>
    </QueryClientProvider>,
  );
}
