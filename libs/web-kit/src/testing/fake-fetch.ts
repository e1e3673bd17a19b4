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
