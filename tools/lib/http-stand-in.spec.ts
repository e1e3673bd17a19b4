import { createServer, type RequestListener } from 'node:http';
import {
  authenticate,
  headerValue,
  jsonSender,
  listen,
  originOf,
  parseJsonObject,
  readText,
  sendHtml,
  stopServer,
  type ApiKeyCheck,
} from './http-stand-in.ts';

/** Serves `handler` on a free loopback port for one test, and stops it after. */
async function withServer(handler: RequestListener, test: (origin: string) => Promise<void>): Promise<void> {
  const server = createServer(handler);
  const port = await listen(server, 0, '127.0.0.1');
  try {
    await test(originOf('127.0.0.1', port));
  } finally {
    await stopServer(server);
  }
}

class ApiError extends Error {}

const check = (schemes: ApiKeyCheck['schemes']): ApiKeyCheck => ({
  expected: 'sk_right',
  schemes,
  missing: () => new ApiError('missing'),
  wrong: (key) => new ApiError(`wrong ${key}`),
});

/** What `authenticate` decides for a request with this Authorization header (or none). */
async function authenticationOf(schemes: ApiKeyCheck['schemes'], authorization?: string): Promise<string> {
  let outcome = '';
  await withServer(
    (req, res) => {
      try {
        authenticate(req, check(schemes));
        outcome = 'accepted';
      } catch (error) {
        outcome = (error as Error).message;
      }
      res.end();
    },
    async (origin) => {
      await fetch(origin, { headers: authorization ? { authorization } : {} });
    },
  );
  return outcome;
}

describe('the stand-ins’ HTTP helpers', () => {
  it('reads the body as text and a JSON object only when it is one', async () => {
    await withServer(
      async (req, res) => {
        const text = await readText(req);
        res.end(JSON.stringify({ text, object: parseJsonObject(text) ?? 'not an object', header: headerValue(req, 'x-probe') }));
      },
      async (origin) => {
        const answer = await fetch(origin, { method: 'POST', headers: { 'x-probe': 'yes' }, body: '{"a":1}' }).then((response) => response.json());
        expect(answer).toEqual({ text: '{"a":1}', object: { a: 1 }, header: 'yes' });
      },
    );
    expect(parseJsonObject('[1]')).toBeUndefined();
    expect(parseJsonObject('null')).toBeUndefined();
    expect(parseJsonObject('')).toBeUndefined();
  });

  it('accepts the expected key in the schemes given and throws the API’s own errors otherwise', async () => {
    expect(await authenticationOf(['Bearer'], 'Bearer sk_right')).toBe('accepted');
    expect(await authenticationOf(['Bearer'], 'bearer sk_right')).toBe('accepted');
    expect(await authenticationOf(['Bearer'], 'Bearer sk_other')).toBe('wrong sk_other');
    expect(await authenticationOf(['Bearer'])).toBe('missing');
    expect(await authenticationOf(['Bearer'], 'Token sk_right')).toBe('missing');
    expect(await authenticationOf(['Bearer', 'Token'], 'Token sk_right')).toBe('accepted');
    const basic = `Basic ${Buffer.from('sk_right:').toString('base64')}`;
    expect(await authenticationOf(['Bearer', 'Basic'], basic)).toBe('accepted');
    expect(await authenticationOf(['Bearer'], basic)).toBe('missing');
  });

  it('answers JSON in an API’s style, and drops a second answer to the same request', async () => {
    const send = jsonSender({ headers: () => ({ 'request-id': 'req_1' }), indent: 2 });
    await withServer(
      (_req, res) => {
        send(res, 201, { ok: true }, { 'x-extra': 'here' });
        send(res, 500, { ok: false });
      },
      async (origin) => {
        const response = await fetch(origin);
        expect(response.status).toBe(201);
        expect(response.headers.get('content-type')).toBe('application/json');
        expect(response.headers.get('request-id')).toBe('req_1');
        expect(response.headers.get('x-extra')).toBe('here');
        expect(await response.text()).toBe('{\n  "ok": true\n}');
      },
    );
  });

  it('answers HTML uncached', async () => {
    await withServer(
      (_req, res) => sendHtml(res, 404, '<p>gone</p>'),
      async (origin) => {
        const response = await fetch(origin);
        expect([response.status, response.headers.get('content-type'), response.headers.get('cache-control')]).toEqual([404, 'text/html; charset=utf-8', 'no-store']);
        expect(await response.text()).toBe('<p>gone</p>');
      },
    );
  });

  it('brackets an IPv6 host in an origin', () => {
    expect(originOf('::1', 8080)).toBe('http://[::1]:8080');
    expect(originOf('127.0.0.1', 8080)).toBe('http://127.0.0.1:8080');
  });
});
