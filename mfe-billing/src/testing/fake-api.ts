/** jsdom has no fetch: tests answer our API by method and path and read back what was sent. */
export interface FakeAnswer {
  status?: number;
  statusText?: string;
  /** An object is sent as JSON; a string as is. */
  body?: unknown;
}

/** `'POST /api/stripe/create-subscription'` → answer; a function answers each call afresh; a pending promise never answers. */
export type FakeRoutes = Record<string, FakeAnswer | ((init: RequestInit) => FakeAnswer | Promise<FakeAnswer>)>;

function response({ status = 200, statusText = '', body }: FakeAnswer): Response {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, statusText, text: async () => text } as Response;
}

export function fakeApi(routes: FakeRoutes): jest.Mock<Promise<Response>, [string, RequestInit]> {
  const mock = jest.fn<Promise<Response>, [string, RequestInit]>(async (url, init) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    const route = routes[key];
    if (!route) return response({ status: 404, statusText: 'Not Found', body: { message: `No fake for ${key}` } });
    return response(typeof route === 'function' ? await route(init) : route);
  });
  global.fetch = mock as unknown as typeof fetch;
  return mock;
}

/** The calls made to one route, e.g. `callsTo(fetchMock, 'POST /api/stripe/create-subscription')`. */
export function callsTo(fetchMock: jest.Mock<Promise<Response>, [string, RequestInit]>, key: string): RequestInit[] {
  return fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${url}` === key).map(([, init]) => init);
}
