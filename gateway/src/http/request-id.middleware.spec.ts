import { EventEmitter } from 'node:events';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { loggedUrl, requestIdMiddleware } from './request-id.middleware';

describe(loggedUrl.name, () => {
  it('keeps the parameter names of the sign-in routes but never their values', () => {
    expect(loggedUrl('/api/callback?code=secret-code&state=secret-state')).toBe('/api/callback?code=…&state=…');
    expect(loggedUrl('/api/login?returnTo=%2Fprofile')).toBe('/api/login?returnTo=…');
    expect(loggedUrl('/api/logout?x=1')).toBe('/api/logout?x=…');
    expect(loggedUrl('/API/Callback/?code=secret')).toBe('/API/Callback/?code=…');
  });

  it('leaves every other URL as it came', () => {
    expect(loggedUrl('/api/blog/posts?published=true&page=2')).toBe('/api/blog/posts?published=true&page=2');
    expect(loggedUrl('/api/callback')).toBe('/api/callback');
  });
});

describe(requestIdMiddleware.name, () => {
  it('writes the redacted URL to the access log', () => {
    const info = jest.fn();
    const response = Object.assign(new EventEmitter(), { statusCode: 302, setHeader: jest.fn() });
    const request = { headers: {}, method: 'GET', originalUrl: '/api/callback?code=abc123&state=xyz789' };
    requestIdMiddleware({ info } as unknown as Logger)(request as unknown as Request, response as unknown as Response, () => undefined);
    response.emit('finish');
    expect(info).toHaveBeenCalledWith(expect.objectContaining({ path: '/api/callback?code=…&state=…', status: 302 }), 'request');
    expect(JSON.stringify(info.mock.calls)).not.toMatch(/abc123|xyz789/);
  });
});
