import type { ReactElement } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ACCOUNT_QUERY_KEY, createQueryClient, type AccountUser } from '@lipcast/web-kit';

/** Shows where in-app navigation went, so tests can assert on it. */
function CurrentPath() {
  const { pathname } = useLocation();
  return <output aria-label="Current path">{pathname}</output>;
}

export interface RenderOptions {
  path?: string;
  /** Seeds the signed-in user (null: signed out); leave out to load it through fetch. */
  user?: AccountUser | null;
}

/** Renders as the shell hosts a remote: the app's query client and a router. Toasts: read `getToasts()`. */
export function renderInApp(ui: ReactElement, { path = '/', user }: RenderOptions = {}): { queryClient: QueryClient } {
  const queryClient = createQueryClient();
  if (user !== undefined) queryClient.setQueryData(ACCOUNT_QUERY_KEY, user);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={ui} />
        </Routes>
        <CurrentPath />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { queryClient };
}
