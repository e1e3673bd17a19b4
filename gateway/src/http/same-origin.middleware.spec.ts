import { isCrossSiteWrite } from './same-origin.middleware';

describe(isCrossSiteWrite.name, () => {
  const own = 'https://lipcast.example';
  const request = (method: string, headers: Record<string, string> = {}, path = '/api/projects') => ({ method, path, headers });

  it('lets reads through from anywhere', () => {
    expect(isCrossSiteWrite(request('GET', { origin: 'https://evil.example' }), own)).toBe(false);
  });

  it('refuses a write from another origin', () => {
    expect(isCrossSiteWrite(request('POST', { origin: 'https://evil.example' }), own)).toBe(true);
    expect(isCrossSiteWrite(request('DELETE', { origin: 'null' }), own)).toBe(true);
  });

  it('refuses a cross-site write that sends no Origin but says where it came from', () => {
    expect(isCrossSiteWrite(request('POST', { 'sec-fetch-site': 'cross-site' }), own)).toBe(true);
  });

  it('accepts a write from this site, or from a non-browser client that sends neither header', () => {
    expect(isCrossSiteWrite(request('POST', { origin: own }), own)).toBe(false);
    expect(isCrossSiteWrite(request('POST', { 'sec-fetch-site': 'same-origin' }), own)).toBe(false);
    expect(isCrossSiteWrite(request('POST'), own)).toBe(false);
  });

  it('exempts webhooks, which are verified by signature', () => {
    expect(isCrossSiteWrite(request('POST', { origin: 'https://stripe.example' }, '/api/stripe/webhook'), own, ['/api/stripe/webhook'])).toBe(false);
  });
});
