import type { ArgumentsHost } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import type { Request } from 'express';
import type { Logger } from 'pino';
import { ErrorCode } from '@lipcast/contracts';
import { metricsRegistry, ServiceError } from '@lipcast/nest-kit';
import { HttpErrorFilter } from './error.filter';
import { methodLabel, routeLabel } from './http-metrics';

const request = (path: string, route?: { path: string }, baseUrl = '') => ({ path, route, baseUrl }) as unknown as Request;

describe(routeLabel.name, () => {
  it('names a matched request by its route template, never its ids', () => {
    expect(routeLabel(request('/api/replicate/lipsync', { path: '/api/replicate/lipsync' }))).toBe('/api/replicate/lipsync');
    expect(routeLabel(request('/api/jobs/7f3c9a0e-1b2d', { path: '/api/jobs/:id' }))).toBe('/api/jobs/:id');
    expect(routeLabel(request('/admin/jobs/42', { path: '/jobs/:id' }, '/admin'))).toBe('/admin/jobs/:id');
  });

  it('groups API paths no route matched as `unmatched`, the front end as `static`', () => {
    expect(routeLabel(request('/api/no/such/thing/123'))).toBe('unmatched');
    expect(routeLabel(request('/api'))).toBe('unmatched');
    expect(routeLabel(request('/remotes/mfe-wizard/dist/main.4f2a.js'))).toBe('static');
    expect(routeLabel(request('/blog/some-post'))).toBe('static');
  });
});

describe(methodLabel.name, () => {
  it('keeps the usual methods and folds any other into OTHER', () => {
    expect(methodLabel('POST')).toBe('POST');
    expect(methodLabel('HEAD')).toBe('HEAD');
    expect(methodLabel('PROPFIND')).toBe('OTHER');
  });
});

describe('refusals counted by the error filter', () => {
  const refusals = async (reason: string) =>
    (await metricsRegistry.getSingleMetric('lipcast_http_refusals_total')?.get())?.values.find((value) => value.labels.reason === reason)?.value ?? 0;
  const respond = (exception: unknown) => {
    const response = { headersSent: false, set: () => response, status: () => response, json: () => response };
    const host = { switchToHttp: () => ({ getResponse: () => response }) } as unknown as ArgumentsHost;
    new HttpErrorFilter({ warn: jest.fn(), error: jest.fn() } as unknown as Logger).catch(exception, host);
  };

  it('tells a spent quota from a rate limit, and counts no other error', async () => {
    const [quota, rateLimit] = [await refusals('quota'), await refusals('rate_limit')];
    respond(new ServiceError(ErrorCode.QuotaExceeded, 'Daily limit of scripts reached', { kind: 'script', limit: 10 }));
    respond(new ThrottlerException());
    respond(new ServiceError(ErrorCode.RateLimited, 'Too many open streams'));
    respond(new ServiceError(ErrorCode.PaymentRequired, 'No generations left'));
    expect(await refusals('quota')).toBe(quota + 1);
    expect(await refusals('rate_limit')).toBe(rateLimit + 2);
  });
});
