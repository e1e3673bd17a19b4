/**
 * The HTTP plumbing the local stand-ins share (Stripe, Replicate, OpenAI, the OTLP collector, the dev
 * identity provider): reading bodies and headers, checking an API key, answering JSON or HTML, and
 * starting and stopping the server. What differs between the APIs they imitate (error shapes, extra
 * headers, accepted auth schemes) is passed in, so each stand-in still answers in its own API's words.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request header's (first) value. */
export function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function readText(req: IncomingMessage): Promise<string> {
  return (await readBody(req)).toString('utf8');
}

/** The JSON object `text` holds, or undefined when it holds anything else (each API answers that in its own words). */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // not JSON: undefined below
  }
  return undefined;
}

/**
 * How a client may present its key in the Authorization header: `Bearer <key>`, `Token <key>` (Replicate's
 * older form), or `Basic base64(<key>:)` (the key as the user name, as `curl -u <key>:` sends it).
 */
export type AuthScheme = 'Bearer' | 'Token' | 'Basic';

export interface ApiKeyCheck {
  /** The key clients must send. */
  expected: string;
  schemes: readonly AuthScheme[];
  /** The API's answer to a request without a key. */
  missing(): Error;
  /** The API's answer to a request with another key. */
  wrong(key: string): Error;
}

/** Throws the API's own error unless the request carries the expected key in one of the accepted schemes. */
export function authenticate(req: IncomingMessage, check: ApiKeyCheck): void {
  const key = presentedKey(headerValue(req, 'authorization') ?? '', check.schemes);
  if (!key) throw check.missing();
  if (key !== check.expected) throw check.wrong(key);
}

function presentedKey(authorization: string, schemes: readonly AuthScheme[]): string | undefined {
  const match = /^(\S+)\s+(\S+)$/.exec(authorization);
  const scheme = schemes.find((candidate) => candidate.toLowerCase() === match?.[1].toLowerCase());
  if (!match || !scheme) return undefined;
  return scheme === 'Basic' ? Buffer.from(match[2], 'base64').toString('utf8').split(':')[0] : match[2];
}

export interface JsonAnswerStyle {
  /** Headers every answer carries besides `content-type` (made per answer, so ids can differ). */
  headers?: () => Record<string, string>;
  /** Pretty-printing, as an API that indents its JSON (Stripe) does. */
  indent?: number;
}

export type SendJson = (res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>) => void;

/** A JSON sender in one API's style; an answer to a request already answered (or a closed connection) is dropped. */
export function jsonSender(style: JsonAnswerStyle = {}): SendJson {
  return (res, status, body, headers = {}) => {
    if (res.headersSent || res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json', ...style.headers?.(), ...headers });
    res.end(JSON.stringify(body, null, style.indent));
  };
}

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A stand-in's page: `body` (HTML, indented for <main>) with the inline `style`, and an inline `script` when given. */
export function htmlPage(title: string, style: string, body: string, script = ''): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="icon" href="data:,">
  <title>${escapeHtml(title)}</title>
  <style>${style}</style>${script ? `\n  <script>${script}</script>` : ''}
</head>
<body>
  <main>
${body}
  </main>
</body>
</html>`;
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

/** Starts listening on `port` (0: any free port) of `host`; resolves with the port bound. */
export async function listen(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return (server.address() as AddressInfo).port;
}

/** `http://host:port`, with an IPv6 host in brackets. */
export const originOf = (host: string, port: number) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

/** Stops accepting connections and closes the open ones (keep-alive and unanswered requests too). */
export function stopServer(server: Server): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
