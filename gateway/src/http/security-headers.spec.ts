import type { NextFunction, Request, Response } from 'express';
import { cachedLookup, contentSecurityPolicy, HSTS, originOf, securityHeadersMiddleware, STRIPE_SOURCES } from './security-headers';

const directives = (policy: string) =>
  Object.fromEntries(policy.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]));

describe(contentSecurityPolicy.name, () => {
  const base = { remoteOrigins: [], imageSources: ['https:'], stripe: false };

  it('allows only our own origin for code, styles, connections and media, and no framing', () => {
    const policy = directives(contentSecurityPolicy(base));
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'https:']);
    // A recording made in the page plays back from a blob: URL.
    expect(policy['media-src']).toEqual(["'self'", 'blob:']);
    expect(policy['frame-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['form-action']).toEqual(["'self'"]);
    expect(contentSecurityPolicy(base)).not.toContain('unsafe-eval');
    expect(contentSecurityPolicy(base)).not.toContain('stripe');
  });

  it('adds the remotes deployed elsewhere, the identity provider and Stripe when payments are embedded', () => {
    const policy = directives(
      contentSecurityPolicy({ remoteOrigins: ['https://cdn.example', 'https://cdn.example'], issuerOrigin: 'https://id.example', imageSources: [], stripe: true }),
    );
    expect(policy['script-src']).toEqual(["'self'", 'https://cdn.example', ...STRIPE_SOURCES.script]);
    expect(policy['connect-src']).toEqual(["'self'", 'https://cdn.example', ...STRIPE_SOURCES.connect]);
    expect(policy['frame-src']).toEqual(STRIPE_SOURCES.frame);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'https://cdn.example', 'https://id.example', ...STRIPE_SOURCES.img]);
    expect(policy['form-action']).toEqual(["'self'", 'https://id.example']);
  });
});

describe(originOf.name, () => {
  it('gives the origin of absolute http(s) URLs only', () => {
    expect(originOf('https://cdn.example/remotes/wizard/mf-manifest.json')).toBe('https://cdn.example');
    expect(originOf('http://127.0.0.1:4100/x')).toBe('http://127.0.0.1:4100');
    expect(originOf('/remotes/mfe-wizard/mf-manifest.json')).toBeNull();
    expect(originOf('javascript:alert(1)')).toBeNull();
    expect(originOf(undefined)).toBeNull();
  });
});

describe(cachedLookup.name, () => {
  it('waits for the first answer, then answers from the cache and refreshes it in the background', async () => {
    let clock = 0;
    const answers = [true, false];
    const fetch = jest.fn(async () => answers.shift()!);
    const lookup = cachedLookup(fetch, false, 1000, () => clock);
    expect(await lookup()).toBe(true);
    expect(await lookup()).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
    clock = 1001;
    expect(await lookup()).toBe(true); // the kept value, while the fresh one is fetched
    await new Promise(setImmediate);
    expect(await lookup()).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('counts a failed lookup as the fallback for as long as an answer', async () => {
    const fetch = jest.fn(() => Promise.reject(new Error('no responders')));
    const lookup = cachedLookup(fetch, false, 1000, () => 0);
    expect(await lookup()).toBe(false);
    expect(await lookup()).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe(securityHeadersMiddleware.name, () => {
  async function headersFor(options: { secure?: boolean; publicUrl?: string; embedded?: boolean }) {
    const headers: Record<string, string> = {};
    const response = { setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value) } as unknown as Response;
    const middleware = securityHeadersMiddleware({
      sources: { remoteOrigins: [], imageSources: ['https:'] },
      embeddedPayments: async () => options.embedded ?? false,
      publicUrl: options.publicUrl,
    });
    await new Promise<void>((resolve) => middleware({ secure: options.secure ?? false } as Request, response, resolve as NextFunction));
    return headers;
  }

  it('sets the policy, nosniff, the referrer policy and no framing on every response', async () => {
    const headers = await headersFor({});
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).not.toContain('stripe');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS over https only', async () => {
    expect((await headersFor({ secure: true }))['strict-transport-security']).toBe(HSTS);
    expect((await headersFor({ publicUrl: 'https://lipcast.example' }))['strict-transport-security']).toBe(HSTS);
    expect((await headersFor({ publicUrl: 'http://localhost:3000' }))['strict-transport-security']).toBeUndefined();
  });

  it("allows Stripe.js only while payments are embedded", async () => {
    expect((await headersFor({ embedded: true }))['content-security-policy']).toContain('https://js.stripe.com');
  });
});
