import { parseTrustProxy } from './trust-proxy';

describe(parseTrustProxy.name, () => {
  it('reads a hop count', () => {
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('0')).toBe(0);
  });

  it('reads a list of range names, addresses and CIDR ranges', () => {
    expect(parseTrustProxy('loopback')).toEqual(['loopback']);
    expect(parseTrustProxy('loopback, 10.0.0.0/8,fd00::/8, 192.168.1.7')).toEqual(['loopback', '10.0.0.0/8', 'fd00::/8', '192.168.1.7']);
  });

  it('refuses anything else, including "true" (which would trust every hop)', () => {
    for (const value of ['true', '', 'loopback,', '10.0.0.0/33', '::1/129', '10.0.0.1/8/1', 'example.com', '-1', '1.5']) expect([value, parseTrustProxy(value)]).toEqual([value, null]);
  });
});
