import type { QueryFunctionContext, QueryKey } from '@tanstack/react-query';
import { API_ROUTES } from '@lipcast/contracts';
import { ApiError } from './api';
import { registerPaymentHandler } from './payment';
import { createQueryClient, getQueryFn, queryUrl, routeQuery } from './query';
import { installFetch } from './testing/fake-fetch';

function context(queryKey: QueryKey): QueryFunctionContext {
  return { queryKey, signal: new AbortController().signal, meta: undefined } as QueryFunctionContext;
}

describe(getQueryFn.name, () => {
  it('GETs the first element of the query key with credentials and reads JSON', async () => {
    const fetchMock = installFetch({ body: ['Friendly_Person', 'Wise_Woman'] });
    const sut = getQueryFn<string[]>({ on401: 'throw' });

    const result = await sut(context(['/api/replicate/voices']));

    expect(result).toEqual(['Friendly_Person', 'Wise_Woman']);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/replicate/voices');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('returns null on 401 with on401 "returnNull"', async () => {
    installFetch({ status: 401, statusText: 'Unauthorized' });
    const sut = getQueryFn({ on401: 'returnNull' });

    await expect(sut(context(['/api/auth/user']))).resolves.toBeNull();
  });

  it('raises on 401 with on401 "throw"', async () => {
    installFetch({ status: 401, statusText: 'Unauthorized' });
    const sut = getQueryFn({ on401: 'throw' });

    await expect(sut(context(['/api/projects']))).rejects.toThrow('401: Unauthorized');
  });

  it('raises other errors even with on401 "returnNull"', async () => {
    installFetch({ status: 500, statusText: 'Internal Server Error' });
    const sut = getQueryFn({ on401: 'returnNull' });

    await expect(sut(context(['/api/auth/user']))).rejects.toThrow('500: Internal Server Error');
  });

  it('hands a 402 to the paywall and then fails the query, which has no data to show', async () => {
    const handler = jest.fn();
    const unregister = registerPaymentHandler(handler);
    installFetch({ status: 402, body: { requiresPayment: true, limit: 3 } });
    const sut = getQueryFn({ on401: 'throw' });

    const error = await Promise.resolve(sut(context(['/api/projects']))).catch((reason: unknown) => reason);
    unregister();

    expect(handler).toHaveBeenCalledWith({ limit: 3, requiresAdditionalOnly: false });
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(402);
  });
});

describe(queryUrl.name, () => {
  it('joins further string and number segments with "/"', () => {
    expect(queryUrl(['/api/ai-influencer/projects', 42])).toBe('/api/ai-influencer/projects/42');
    expect(queryUrl(['/api/blog', 'posts'])).toBe('/api/blog/posts');
  });

  it('ignores non-path segments such as filter objects', () => {
    expect(queryUrl(['/api/projects', { page: 2 }])).toBe('/api/projects');
  });

  it('refuses a key that does not start with a URL', () => {
    expect(() => queryUrl([42])).toThrow('The first element of a query key must be the URL to GET');
  });
});

describe(createQueryClient.name, () => {
  it('applies the spec defaults: no focus refetch, no interval, never stale, no retries', () => {
    const sut = createQueryClient();

    const { queries, mutations } = sut.getDefaultOptions();
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.refetchInterval).toBe(false);
    expect(queries?.staleTime).toBe(Infinity);
    expect(queries?.retry).toBe(false);
    expect(typeof queries?.queryFn).toBe('function');
    expect(mutations?.retry).toBe(false);
  });

  it('loads a query through the default loader without a per-query queryFn', async () => {
    const fetchMock = installFetch({ body: [{ id: 1, name: 'Premium' }] });
    const sut = createQueryClient();

    const plans = await sut.fetchQuery({ queryKey: ['/api/stripe/plans'] });

    expect(plans).toEqual([{ id: 1, name: 'Premium' }]);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/stripe/plans');
  });

  it('does not retry a failed query', async () => {
    const fetchMock = installFetch({ status: 500, statusText: 'Internal Server Error' }, { body: [] });
    const sut = createQueryClient();

    await expect(sut.fetchQuery({ queryKey: ['/api/projects'] })).rejects.toThrow('500: Internal Server Error');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe(routeQuery.name, () => {
  it("keys the query by the route's address and loads it with the query's signal", async () => {
    const fetchMock = installFetch({ body: { consumers: [], workers: 2 } });
    const sut = routeQuery(API_ROUTES.admin.jobs({ status: 'failed', limit: 20 }));

    const data = await createQueryClient().fetchQuery(sut);

    expect(sut.queryKey).toEqual(['/api/admin/jobs?status=failed&limit=20']);
    expect(data).toEqual({ consumers: [], workers: 2 });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/admin/jobs?status=failed&limit=20');
    expect(init.method).toBe('GET');
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });
});
