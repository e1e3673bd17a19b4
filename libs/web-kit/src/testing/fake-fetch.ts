/** jsdom has no fetch: tests install this stand-in and read back what was sent. */
export interface FakeReply {
  status?: number;
  statusText?: string;
  /** An object is sent as JSON; a string as is. */
  body?: unknown;
}

export function fakeResponse({ status = 200, statusText = '', body }: FakeReply): Response {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    text: async () => text,
  } as Response;
}

export function installFetch(...replies: FakeReply[]): jest.Mock<Promise<Response>, [string, RequestInit]> {
  const mock = jest.fn<Promise<Response>, [string, RequestInit]>();
  replies.forEach((reply) => mock.mockResolvedValueOnce(fakeResponse(reply)));
  global.fetch = mock as unknown as typeof fetch;
  return mock;
}

/** `'POST /api/stripe/create-subscription'` → reply; a function answers each call afresh. Unknown routes answer 404. */
export type FakeRoutes = Record<string, FakeReply | ((init: RequestInit) => FakeReply | Promise<FakeReply>)>;

/** Answers our API by method and path, for screens that make several different calls. */
export function fakeApi(routes: FakeRoutes): jest.Mock<Promise<Response>, [string, RequestInit]> {
  const mock = jest.fn<Promise<Response>, [string, RequestInit]>(async (url, init) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    const route = routes[key];
    if (!route) return fakeResponse({ status: 404, statusText: 'Not Found', body: { message: `No fake for ${key}` } });
    return fakeResponse(typeof route === 'function' ? await route(init) : route);
  });
  global.fetch = mock as unknown as typeof fetch;
  return mock;
}

/** The calls made to one route, e.g. `callsTo(fetchMock, 'POST /api/stripe/create-subscription')`. */
export function callsTo(fetchMock: jest.Mock<Promise<Response>, [string, RequestInit]>, key: string): RequestInit[] {
  return fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${url}` === key).map(([, init]) => init);
}
