import type { Request } from 'express';
import { publicOrigin } from './public-origin';

const request = { protocol: 'http', get: (header: string) => (header === 'host' ? 'evil.example' : undefined) } as unknown as Request;

describe(publicOrigin.name, () => {
  it("is PUBLIC_URL when set (whatever Host a request names), without a trailing slash, else the request's own", () => {
    expect(publicOrigin({ PUBLIC_URL: 'https://lipcast.example' }, request)).toBe('https://lipcast.example');
    expect(publicOrigin({ PUBLIC_URL: 'https://lipcast.example/' }, request)).toBe('https://lipcast.example');
    expect(publicOrigin({}, request)).toBe('http://evil.example');
  });
});
