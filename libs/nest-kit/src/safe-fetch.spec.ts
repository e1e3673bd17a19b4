import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkedAddress, forbiddenAddressReason, safeFetch, UnsafeUrlError, type HostResolver } from './safe-fetch';

/** A resolver that answers each name from a fixed table, counting its look-ups. */
function stubResolver(answers: Record<string, string[][]>): HostResolver & { calls: string[] } {
  const calls: string[] = [];
  const resolver = async (host: string) => {
    calls.push(host);
    const queue = answers[host];
    const next = queue?.length ? (queue.length > 1 ? queue.shift()! : queue[0]) : [];
    return next.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolver, { calls });
}

describe('forbiddenAddressReason', () => {
  it.each([
    '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '100.64.0.1', '127.0.0.1', '127.8.8.8', '169.254.169.254', '169.254.1.1', '0.0.0.0',
    '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fe80::1%eth0', 'fc00::1', 'fd12:3456::1', 'ff02::1',
    '::ffff:127.0.0.1', '::ffff:7f00:1', '0:0:0:0:0:ffff:a9fe:a9fe', '::ffff:10.0.0.1', '[::1]',
  ])('refuses %s', (address) => {
    expect(forbiddenAddressReason(address)).toMatch(/private, loopback, link-local or reserved/);
  });

  // IPv6 ranges that carry or reach an IPv4 address (a private one, as well): 6to4 2002::/16, Teredo
  // 2001::/32, local-use NAT64 64:ff9b:1::/48, IPv4-translated ::ffff:0:0:0/96.
  it.each([
    ['2002::/16', '2002:7f00:1::1'], // 6to4 of 127.0.0.1
    ['2002::/16', '2002:a9fe:a9fe::'], // 6to4 of 169.254.169.254
    ['2001::/32', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['2001::/32', '2001::1'],
    ['64:ff9b:1::/48', '64:ff9b:1::a00:1'],
    ['64:ff9b:1::/48', '64:ff9b:1:ffff::1'],
    ['::ffff:0:0:0/96', '::ffff:0:7f00:1'], // 127.0.0.1
    ['::ffff:0:0:0/96', '::ffff:0:10.0.0.1'],
  ])('refuses %s: %s', (_range, address) => {
    expect(forbiddenAddressReason(address)).toMatch(/private, loopback, link-local or reserved/);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8', '2001:4860:4860::8888', '2003::1', '64:ff9b:2::1'])('allows the public address %s', (address) => {
    expect(forbiddenAddressReason(address)).toBeNull();
  });

  it('allows only 127.0.0.1 and ::1 (also IPv4-mapped) when loopback is allowed for tests', () => {
    expect(forbiddenAddressReason('127.0.0.1', true)).toBeNull();
    expect(forbiddenAddressReason('::1', true)).toBeNull();
    expect(forbiddenAddressReason('::ffff:127.0.0.1', true)).toBeNull();
    expect(forbiddenAddressReason('127.0.0.2', true)).not.toBeNull();
    expect(forbiddenAddressReason('10.0.0.1', true)).not.toBeNull();
    expect(forbiddenAddressReason('169.254.169.254', true)).not.toBeNull();
  });
});

describe('checkedAddress', () => {
  it('refuses schemes other than http and https, and URLs with credentials', async () => {
    for (const url of ['ftp://example.com/', 'file:///etc/passwd', 'gopher://example.com/']) {
      await expect(checkedAddress(new URL(url))).rejects.toThrow('only http and https');
    }
    await expect(checkedAddress(new URL('https://user:pass@example.com/'), { resolver: stubResolver({ 'example.com': [['93.184.216.34']] }) })).rejects.toThrow('credentials');
  });

  it('refuses a name resolving to the metadata address, and a name with any private answer', async () => {
    const resolver = stubResolver({ 'metadata.google.internal': [['169.254.169.254']], 'mixed.example': [['93.184.216.34', '10.0.0.5']] });
    await expect(checkedAddress(new URL('http://metadata.google.internal/computeMetadata/v1/'), { resolver })).rejects.toThrow(UnsafeUrlError);
    await expect(checkedAddress(new URL('http://mixed.example/'), { resolver })).rejects.toThrow('forbidden address');
  });

  it('refuses literal private and IPv4-mapped addresses without asking DNS', async () => {
    const resolver = stubResolver({});
    await expect(checkedAddress(new URL('http://[::ffff:169.254.169.254]/'), { resolver })).rejects.toThrow(UnsafeUrlError);
    await expect(checkedAddress(new URL('http://2130706433/'), { resolver })).rejects.toThrow(UnsafeUrlError); // 127.0.0.1 as a number
    expect(resolver.calls).toEqual([]);
  });

  it('allows ports 443 and 80 only (the scheme\'s default included), or the ports given', async () => {
    const resolver = stubResolver({ 'hooks.example': [['93.184.216.34']] });
    for (const url of ['https://hooks.example/in', 'http://hooks.example/in', 'https://hooks.example:443/in', 'http://hooks.example:80/in', 'https://hooks.example:80/in']) {
      await expect(checkedAddress(new URL(url), { resolver, allowedPorts: [443, 80] })).resolves.toEqual({ address: '93.184.216.34', family: 4 });
    }
    for (const url of ['http://hooks.example:8080/in', 'https://hooks.example:22/', 'http://hooks.example:6379/']) {
      await expect(checkedAddress(new URL(url), { resolver, allowedPorts: [443, 80] })).rejects.toThrow(new UnsafeUrlError(`only ports 443, 80 are allowed, not ${new URL(url).port}`));
    }
    await expect(checkedAddress(new URL('https://hooks.example:8443/in'), { resolver, allowedPorts: [8443] })).resolves.toEqual({ address: '93.184.216.34', family: 4 });
    await expect(checkedAddress(new URL('https://hooks.example/in'), { resolver, allowedPorts: [8443] })).rejects.toThrow('not 443');
  });

  it('lets loopback use any port when loopback is allowed (the tests\' receivers), and nothing else', async () => {
    const resolver = stubResolver({ 'receiver.test': [['127.0.0.1']], 'hooks.example': [['93.184.216.34']] });
    await expect(checkedAddress(new URL('http://127.0.0.1:41234/'), { allowLoopback: true, allowedPorts: [443, 80] })).resolves.toEqual({ address: '127.0.0.1', family: 4 });
    await expect(checkedAddress(new URL('http://receiver.test:41234/'), { resolver, allowLoopback: true, allowedPorts: [443, 80] })).resolves.toEqual({ address: '127.0.0.1', family: 4 });
    await expect(checkedAddress(new URL('http://hooks.example:41234/'), { resolver, allowLoopback: true, allowedPorts: [443, 80] })).rejects.toThrow('not 41234');
  });

  it('answers the checked public address', async () => {
    const resolver = stubResolver({ 'hooks.example': [['93.184.216.34']] });
    await expect(checkedAddress(new URL('https://hooks.example/in'), { resolver })).resolves.toEqual({ address: '93.184.216.34', family: 4 });
  });
});

describe('safeFetch', () => {
  let server: Server;
  let port: number;
  let requests: { method?: string; url?: string; body: string }[];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        requests.push({ method: request.method, url: request.url, body });
        if (request.url === '/to-private') return response.writeHead(302, { location: 'http://10.0.0.1/inside' }).end();
        if (request.url === '/to-metadata-name') return response.writeHead(307, { location: `http://metadata.google.internal:${port}/` }).end();
        if (request.url === '/to-public-port') return response.writeHead(307, { location: 'http://hooks.example:8080/in' }).end();
        if (request.url === '/loop') return response.writeHead(302, { location: '/loop' }).end();
        if (request.url === '/to-ok') return response.writeHead(307, { location: '/ok' }).end();
        if (request.url === '/big') return response.end('x'.repeat(200_000));
        response.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  beforeEach(() => (requests = []));
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('connects to the address it checked, not to a second DNS answer (DNS rebinding)', async () => {
    // First answer public, every later one loopback: a client that resolves again would reach the loopback receiver.
    const resolver = stubResolver({ 'rebind.example': [['93.184.216.34'], ['127.0.0.1']] });
    const address = await checkedAddress(new URL(`http://rebind.example:${port}/`), { resolver, allowedPorts: [port] });
    expect(address.address).toBe('93.184.216.34');
    // With loopback refused, the later loopback answer is refused before any connection: nothing reaches the receiver.
    await expect(safeFetch(`http://rebind.example:${port}/ok`, { method: 'POST', body: '{}' }, { resolver, allowedPorts: [port] })).rejects.toThrow(UnsafeUrlError);
    expect(requests).toEqual([]);
  });

  it('never connects to loopback unless allowed', async () => {
    await expect(safeFetch(`http://127.0.0.1:${port}/ok`, { method: 'POST', body: '{}' })).rejects.toThrow(UnsafeUrlError);
    expect(requests).toEqual([]);
    const response = await safeFetch(`http://127.0.0.1:${port}/ok`, { method: 'POST', body: '{"a":1}' }, { allowLoopback: true });
    expect(response.status).toBe(200);
    expect(requests).toEqual([{ method: 'POST', url: '/ok', body: '{"a":1}' }]);
  });

  it('connects a checked name to its checked address (the resolver pins the connection)', async () => {
    const resolver = stubResolver({ 'receiver.test': [['127.0.0.1']] });
    const response = await safeFetch(`http://receiver.test:${port}/ok`, { method: 'GET' }, { allowLoopback: true, resolver });
    expect(response).toEqual({ status: 200, body: 'ok', url: `http://receiver.test:${port}/ok` });
    expect(resolver.calls).toEqual(['receiver.test']);
  });

  it('checks every redirect: one to a private address or a name resolving to the metadata address is refused', async () => {
    await expect(safeFetch(`http://127.0.0.1:${port}/to-private`, { method: 'POST', body: '{}' }, { allowLoopback: true })).rejects.toThrow(/10\.0\.0\.1.*forbidden|forbidden.*10\.0\.0\.1/);
    const resolver = stubResolver({ 'metadata.google.internal': [['169.254.169.254']] });
    await expect(safeFetch(`http://127.0.0.1:${port}/to-metadata-name`, { method: 'POST', body: '{}' }, { allowLoopback: true, resolver })).rejects.toThrow(UnsafeUrlError);
    expect(requests.map((request) => request.url)).toEqual(['/to-private', '/to-metadata-name']);
  });

  it('refuses a port other than 443 and 80 by default, on the first request and on a redirect, before connecting', async () => {
    const resolver = stubResolver({ 'hooks.example': [['93.184.216.34']] });
    await expect(safeFetch('http://hooks.example:8080/', { method: 'POST', body: '{}' }, { resolver })).rejects.toThrow(new UnsafeUrlError('only ports 443, 80 are allowed, not 8080'));
    await expect(safeFetch(`http://127.0.0.1:${port}/to-public-port`, { method: 'POST', body: '{}' }, { allowLoopback: true, resolver })).rejects.toThrow('not 8080');
    expect(requests.map((request) => request.url)).toEqual(['/to-public-port']);
  });

  it('follows at most 3 redirects, keeping a 307 a POST with its body', async () => {
    const followed = await safeFetch(`http://127.0.0.1:${port}/to-ok`, { method: 'POST', body: 'payload' }, { allowLoopback: true });
    expect(followed.status).toBe(200);
    expect(requests).toEqual([
      { method: 'POST', url: '/to-ok', body: 'payload' },
      { method: 'POST', url: '/ok', body: 'payload' },
    ]);
    requests = [];
    await expect(safeFetch(`http://127.0.0.1:${port}/loop`, { method: 'GET' }, { allowLoopback: true })).rejects.toThrow('more than 3 redirects');
    expect(requests).toHaveLength(4);
  });

  it('reads at most maxResponseBytes of the answer', async () => {
    const response = await safeFetch(`http://127.0.0.1:${port}/big`, { method: 'GET' }, { allowLoopback: true, maxResponseBytes: 1000 });
    expect(response.body).toHaveLength(1000);
  });
});
