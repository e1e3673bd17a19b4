import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Answers a host name with its addresses, as `dns.lookup(host, {all: true})` does; injectable so tests can play a rebinding DNS. */
export type HostResolver = (host: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: HostResolver = (host) => dnsLookup(host, { all: true, verbatim: true });

export interface SafeFetchOptions {
  /** Allow 127.0.0.1 and ::1, on any port (tests only: a receiver on this machine listens where it can). */
  allowLoopback?: boolean;
  /**
   * Ports a request may go to. safeFetch: 443 and 80 unless given. checkedAddress: any unless given,
   * so a check where the URL is registered, which may not know the setting, leaves ports to the sender.
   * Other ports of a public host are someone's SSH, database or admin console: a webhook has no
   * business there, and attempts on them would map which answer.
   */
  allowedPorts?: readonly number[];
  /** For the whole exchange, redirects included. */
  timeoutMs?: number;
  /** Bytes of the response body kept; the rest is not read. */
  maxResponseBytes?: number;
  /** Redirects followed, each checked like the first request. */
  maxRedirects?: number;
  resolver?: HostResolver;
}

export interface SafeRequest {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface SafeResponse {
  status: number;
  /** At most `maxResponseBytes` of it. */
  body: string;
  /** The URL that answered, after redirects. */
  url: string;
}

/** A request refused before any connection: a scheme other than http(s), or an address outside the public internet. */
export class UnsafeUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafeUrlError';
  }
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024;
const DEFAULT_MAX_REDIRECTS = 3;
/** https and http, the ports webhook receivers listen on. */
export const DEFAULT_ALLOWED_PORTS: readonly number[] = [443, 80];

/** Addresses a server-side request must never reach: private, shared, loopback, link-local (cloud metadata), unique-local, unspecified, multicast, reserved. */
const FORBIDDEN = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  FORBIDDEN.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  // Ranges that carry an IPv4 address, or reach one through a relay: any of them may lead to a private one.
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT)
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48], // local-use NAT64
  ['2001::', 32], // Teredo
  ['2002::', 16], // 6to4
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  FORBIDDEN.addSubnet(network, prefix, 'ipv6');
}

const LOOPBACK = ['127.0.0.1', '::1'];

/** The IPv4 address inside an IPv4-mapped (`::ffff:a.b.c.d`, `::ffff:7f00:1`, any spelling) or IPv4-compatible IPv6 address, else the address as given. */
export function unmapIpv4(address: string): string {
  if (isIP(address) !== 6) return address;
  const canonical = new URL(`http://[${address}]`).hostname.slice(1, -1); // compressed, lower case, hex
  const mapped = /^::(?:ffff:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!mapped) return canonical;
  const high = parseInt(mapped[1], 16);
  const low = parseInt(mapped[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Why a resolved address may not be reached, or null when it may. */
export function forbiddenAddressReason(address: string, allowLoopback = false): string | null {
  const plain = unmapIpv4(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  const family = isIP(plain);
  if (family === 0) return `${address} is not an IP address`;
  if (allowLoopback && LOOPBACK.includes(plain)) return null;
  if (FORBIDDEN.check(plain, family === 4 ? 'ipv4' : 'ipv6')) return `${address} is a private, loopback, link-local or reserved address`;
  return null;
}

/**
 * The one address to connect to for `url`: its host resolved once and every answer checked (a name
 * with any forbidden answer is refused whole). The connection then goes to this address only, so a
 * second, different DNS answer cannot move it (DNS rebinding).
 */
export async function checkedAddress(url: URL, options: Pick<SafeFetchOptions, 'allowLoopback' | 'allowedPorts' | 'resolver'> = {}): Promise<{ address: string; family: number }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UnsafeUrlError(`only http and https URLs are allowed, not ${url.protocol}`);
  if (url.username || url.password) throw new UnsafeUrlError('URLs with credentials are not allowed');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const answers = isIP(host) ? [{ address: host, family: isIP(host) }] : await (options.resolver ?? systemResolver)(host);
  if (!answers.length) throw new UnsafeUrlError(`${host} has no address`);
  for (const answer of answers) {
    const reason = forbiddenAddressReason(answer.address, options.allowLoopback);
    if (reason) throw new UnsafeUrlError(`${host} resolves to a forbidden address: ${reason}`);
  }
  // The port after the address, so a forbidden address is named as such whatever its port. Loopback,
  // when allowed (tests only), takes any port: the tests' receivers listen wherever the system puts them.
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const onLoopback = options.allowLoopback && answers.every((answer) => LOOPBACK.includes(unmapIpv4(answer.address)));
  if (options.allowedPorts && !options.allowedPorts.includes(port) && !onLoopback) throw new UnsafeUrlError(`only ports ${options.allowedPorts.join(', ')} are allowed, not ${port}`);
  return answers[0];
}

/**
 * A server-side HTTP request to a URL someone else chose (a webhook): only http(s), only public
 * addresses after DNS resolution, only the allowed ports (443 and 80 by default), on the first
 * request and on each redirect (followed by hand, at
 * most `maxRedirects`), one time-out for everything, and at most `maxResponseBytes` read.
 * Throws `UnsafeUrlError` before connecting anywhere forbidden; other errors are the network's.
 */
export async function safeFetch(target: string, request: SafeRequest, options: SafeFetchOptions = {}): Promise<SafeResponse> {
  const deadline = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  let url = new URL(target);
  let current = request;
  for (let redirects = 0; ; redirects += 1) {
    const address = await checkedAddress(url, { ...options, allowedPorts: options.allowedPorts ?? DEFAULT_ALLOWED_PORTS });
    deadline.throwIfAborted();
    const response = await sendTo(url, address, current, deadline, options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES);
    const location = response.location;
    if (response.status < 300 || response.status >= 400 || !location) return { status: response.status, body: response.body, url: url.toString() };
    if (redirects >= maxRedirects) throw new UnsafeUrlError(`more than ${maxRedirects} redirects`);
    url = new URL(location, url);
    // 303 (and, as browsers do, 301/302 after a POST) continue as a GET without the body.
    if (response.status === 303 || ((response.status === 301 || response.status === 302) && current.method === 'POST')) current = { method: 'GET', headers: withoutBodyHeaders(current.headers) };
  }
}

function withoutBodyHeaders(headers: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !/^content-(type|length)$/i.test(name)));
}

/** One request to `url`, connected to the checked `address` whatever the name resolves to now. */
function sendTo(url: URL, address: { address: string; family: number }, request: SafeRequest, signal: AbortSignal, maxBytes: number): Promise<{ status: number; body: string; location?: string }> {
  const pinned: LookupFunction = (_host, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all) (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [address]);
    else callback(null, address.address, address.family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = send(
      url,
      { method: request.method, headers: { ...request.headers, ...(request.body !== undefined ? { 'content-length': String(Buffer.byteLength(request.body)) } : {}) }, lookup: pinned, signal, agent: false },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        const finish = () => {
          response.destroy();
          const location = response.headers.location;
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ...(location ? { location } : {}) });
        };
        response.on('data', (chunk: Buffer) => {
          const room = maxBytes - kept;
          if (room > 0) chunks.push(chunk.subarray(0, room));
          kept += Math.min(room, chunk.length);
          if (kept >= maxBytes) finish(); // the rest is never read
        });
        response.on('end', finish);
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}
