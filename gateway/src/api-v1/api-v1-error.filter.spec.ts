import { BadRequestException, ForbiddenException, NotFoundException, UnauthorizedException, ValidationPipe, type ArgumentsHost } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import type { Logger } from 'pino';
import { ErrorCode, Messages } from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';
import { IsString } from 'class-validator';
import { ApiV1ErrorFilter, apiV1ErrorResponse } from './api-v1-error.filter';

class NamedBody {
  @IsString()
  name!: string;
}

describe(apiV1ErrorResponse.name, () => {
  it("answers a service's error with its code, message and details, at the contracts' status", () => {
    const error = ServiceError.validation('name must be shorter than or equal to 100 characters', { fields: { name: ['too long'] } });
    expect(apiV1ErrorResponse(error)).toEqual({
      status: 400,
      body: { error: { code: ErrorCode.Validation, message: 'name must be shorter than or equal to 100 characters', details: { fields: { name: ['too long'] } } } },
    });
    expect(apiV1ErrorResponse(new ServiceError(ErrorCode.Unauthenticated, 'This API key was revoked'))).toEqual({
      status: 401,
      body: { error: { code: ErrorCode.Unauthenticated, message: 'This API key was revoked', details: null } },
    });
    expect(apiV1ErrorResponse(ServiceError.notFound('No such video')).body.error).toEqual({ code: ErrorCode.NotFound, message: 'No such video', details: null });
  });

  it('keeps a spent daily quota as QUOTA_EXCEEDED with its reset in details and Retry-After', () => {
    const error = new ServiceError(ErrorCode.QuotaExceeded, 'Daily limit of videos reached, resets at 00:00 UTC', {
      kind: 'video',
      limit: 20,
      resetsAt: '2031-03-15T00:00:00.000Z',
      retryAfterSeconds: 3600,
    });
    expect(apiV1ErrorResponse(error)).toEqual({
      status: 429,
      headers: { 'Retry-After': '3600' },
      body: {
        error: {
          code: ErrorCode.QuotaExceeded,
          message: 'Daily limit of videos reached, resets at 00:00 UTC',
          details: { quotaExceeded: true, kind: 'video', limit: 20, resetsAt: '2031-03-15T00:00:00.000Z' },
        },
      },
    });
  });

  it("shows neither an internal error's text nor an unavailable service's details", () => {
    expect(apiV1ErrorResponse(new Error('connection string postgres://secret'))).toEqual({
      status: 500,
      body: { error: { code: ErrorCode.Internal, message: 'Internal server error', details: null } },
    });
    expect(apiV1ErrorResponse(new ServiceError(ErrorCode.Unavailable, 'This part of Lipcast is temporarily unavailable.', { subject: 'auth.apiKeys.verify.v1' })).body.error).toEqual({
      code: ErrorCode.Unavailable,
      message: 'This part of Lipcast is temporarily unavailable.',
      details: null,
    });
  });

  it("answers the gateway's own PostgreSQL being away as UNAVAILABLE with Retry-After", () => {
    expect(apiV1ErrorResponse(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toEqual({
      status: 503,
      body: { error: { code: ErrorCode.Unavailable, message: Messages.serviceUnavailable, details: null } },
      headers: { 'Retry-After': '5' },
    });
  });

  it("gives the gateway's own HTTP errors the contracts' codes", () => {
    expect(apiV1ErrorResponse(new UnauthorizedException('Invalid API key'))).toEqual({ status: 401, body: { error: { code: ErrorCode.Unauthenticated, message: 'Invalid API key', details: null } } });
    expect(apiV1ErrorResponse(new ForbiddenException({ message: 'This API key lacks the scope videos:write', details: { missing: ['videos:write'] } }))).toEqual({
      status: 403,
      body: { error: { code: ErrorCode.Forbidden, message: 'This API key lacks the scope videos:write', details: { missing: ['videos:write'] } } },
    });
    expect(apiV1ErrorResponse(new NotFoundException()).body.error).toEqual({ code: ErrorCode.NotFound, message: Messages.notFound, details: null });
    expect(apiV1ErrorResponse(new ThrottlerException())).toEqual({ status: 429, body: { error: { code: ErrorCode.RateLimited, message: Messages.rateLimited, details: null } } });
    // A service's own rate limit keeps its message and details (which limit, and how to go on).
    expect(apiV1ErrorResponse(new ServiceError(ErrorCode.RateLimited, 'This webhook endpoint was redelivered 10 times in the last hour', { limit: 10 }))).toEqual({
      status: 429,
      body: { error: { code: ErrorCode.RateLimited, message: 'This webhook endpoint was redelivered 10 times in the last hour', details: { limit: 10 } } },
    });
  });

  it("turns the ValidationPipe's messages into VALIDATION with the first as the message and all in details", async () => {
    const pipe = new ValidationPipe({ whitelist: true, transform: true });
    const refusal = await pipe.transform({ name: 7 }, { type: 'body', metatype: NamedBody }).catch((error: BadRequestException) => error);
    expect(apiV1ErrorResponse(refusal)).toEqual({
      status: 400,
      body: { error: { code: ErrorCode.Validation, message: 'name must be a string', details: { messages: ['name must be a string'] } } },
    });
  });
});

describe(ApiV1ErrorFilter.name, () => {
  const logger = { warn: jest.fn(), error: jest.fn() } as unknown as Logger;
  const sut = new ApiV1ErrorFilter(logger);

  it('writes the shape with the status and headers, and logs a failure of its own', () => {
    const sent = { status: 0, headers: {} as Record<string, string>, body: undefined as unknown };
    const response = {
      headersSent: false,
      set: (headers: Record<string, string>) => Object.assign(sent.headers, headers),
      status(status: number) {
        sent.status = status;
        return response;
      },
      json: (body: unknown) => (sent.body = body),
    };
    const host = { switchToHttp: () => ({ getResponse: () => response }) } as unknown as ArgumentsHost;

    sut.catch(new ServiceError(ErrorCode.QuotaExceeded, 'Daily limit reached', { retryAfterSeconds: 60 }), host);
    expect(sent).toEqual({ status: 429, headers: { 'Retry-After': '60' }, body: { error: { code: ErrorCode.QuotaExceeded, message: 'Daily limit reached', details: { quotaExceeded: true } } } });

    sut.catch(new TypeError('boom'), host);
    expect(sent.status).toBe(500);
    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ status: 500 }), 'request failed');
  });
});
