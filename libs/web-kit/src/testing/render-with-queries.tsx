import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { ACCOUNT_QUERY_KEY, type AccountUser } from '../account';

export interface QueriesOptions {
  /** Seeds the signed-in user, so the screen does not fetch it. */
  account?: AccountUser;
  /** How long fetched data stays fresh; left out, React Query's default (0: refetched on mount). */
  staleTime?: number;
}

/** Renders `ui` in a fresh query client of its own that never retries, so a fake's error shows at once. */
export function renderWithQueries(ui: ReactElement, { account, staleTime }: QueriesOptions = {}): RenderResult & { client: QueryClient } {
  const client = new QueryClient({ defaultOptions: { queries: staleTime === undefined ? { retry: false } : { retry: false, staleTime } } });
  if (account) client.setQueryData(ACCOUNT_QUERY_KEY, account);
  return { ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>), client };
}
