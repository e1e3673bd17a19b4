import { QueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import type { ApiRoute } from '@lipcast/contracts';
import { ApiError, apiRequest, callApi, throwIfPaymentRequired } from './api';

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The default data loader: GET to the query key's first element, joined with any further string or
 * number segments by `/` (`['/api/projects', 5]` → `/api/projects/5`). With `on401: 'returnNull'` a
 * 401 resolves with null (signed-out visitor) instead of raising.
 */
export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: 'throw' }): QueryFunction<T>;
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    try {
      const result = await apiRequest<T>('GET', queryUrl(queryKey), undefined, {
        signal,
        expectUnauthorized: on401 === 'returnNull',
      });
      // The paywall has been shown; a query still has no data to render.
      return throwIfPaymentRequired(result);
    } catch (error) {
      if (on401 === 'returnNull' && error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  };
}

/**
 * Query options that load a GET route, with the data typed by the route. The key is the route's
 * address, as for the default loader, so `invalidateQueries` by address reaches it.
 */
export function routeQuery<TResponse>(route: ApiRoute<undefined, TResponse>): { queryKey: [string]; queryFn: QueryFunction<TResponse> } {
  return { queryKey: [route.path], queryFn: ({ signal }) => callApi(route, { signal }) };
}

export function queryUrl(queryKey: QueryKey): string {
  const [base, ...rest] = queryKey;
  if (typeof base !== 'string') throw new Error('The first element of a query key must be the URL to GET');
  const segments = rest.filter((part) => typeof part === 'string' || typeof part === 'number');
  return [base, ...segments.map(String)].join('/');
}

/** The app-wide query client with the spec's defaults: load once, never refetch by itself, never retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
