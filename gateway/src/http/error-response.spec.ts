import { BadRequestException, HttpException, NotFoundException } from '@nestjs/common';
import { ErrorCode, Messages } from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';
import { errors } from '@nats-io/transport-node';
import pg from 'pg';
import { errorResponse, UNAVAILABLE_RETRY_AFTER_SECONDS } from './error-response';

describe(errorResponse.name, () => {
  const sut = errorResponse;

  it.each([
    [ErrorCode.Validation, 400],
    [ErrorCode.Unauthenticated, 401],
    [ErrorCode.Forbidden, 403],
    [ErrorCode.NotFound, 404],
    [ErrorCode.Conflict, 409],
    [ErrorCode.Upstream, 502],
  ])('maps %s to HTTP %i with the service message', (code, status) => {
    expect(sut(new ServiceError(code, 'What went wrong'))).toEqual({ status, body: { message: 'What went wrong' } });
  });

  it('keeps the details of a service that did not answer, or of a provider that failed, out of the body', () => {
    const unanswered = new ServiceError(ErrorCode.Unavailable, Messages.serviceUnavailable, { subject: 'content.posts.list.v1' });
    expect(sut(unanswered)).toEqual({ status: 503, body: { message: Messages.serviceUnavailable }, headers: { 'Retry-After': '5' } });
    const refused = new ServiceError(ErrorCode.Upstream, 'Payment provider error: could not start the checkout. Please try again.', {
      reason: "invalid_request_error resource_missing: No such customer: 'cus_123'",
    });
    expect(sut(refused)).toEqual({ status: 502, body: { message: 'Payment provider error: could not start the checkout. Please try again.' } });
  });

  it("answers the gateway's own PostgreSQL or NATS being away as a service that did not answer: 503 with Retry-After, never 500", () => {
    const unavailable = { status: 503, body: { message: Messages.serviceUnavailable }, headers: { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) } };
    // As pg rejects a session read on a terminated connection, and a query while PostgreSQL is stopped.
    const terminated = Object.assign(new pg.DatabaseError('terminating connection due to administrator command', 116, 'error'), { code: '57P01' });
    expect(sut(terminated)).toEqual(unavailable);
    expect(sut(new Error('Connection terminated unexpectedly'))).toEqual(unavailable);
    expect(sut(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toEqual(unavailable);
    expect(sut(new errors.ClosedConnectionError())).toEqual(unavailable);
    // A service answering that its own PostgreSQL is away (its payload crossed NATS).
    expect(sut(ServiceError.fromPayload({ code: ErrorCode.Unavailable, message: Messages.serviceUnavailable }))).toEqual(unavailable);
  });

  it('keeps validation details for the field messages', () => {
    const { body } = sut(ServiceError.validation('title is required', { fields: { title: ['title is required'] } }));
    expect(body).toEqual({ message: 'title is required', details: { fields: { title: ['title is required'] } } });
  });

  it('answers 402 with the paywall fields', () => {
    const error = new ServiceError(ErrorCode.PaymentRequired, 'No generations left', { limit: 60, requiresAdditionalOnly: true });
    expect(sut(error)).toEqual({
      status: 402,
      body: { message: 'No generations left', requiresPayment: true, limit: 60, requiresAdditionalOnly: true },
    });
  });

  it('defaults the 402 limit to the free allowance', () => {
    expect(sut(new ServiceError(ErrorCode.PaymentRequired, 'No generations left')).body).toMatchObject({ limit: 3, requiresAdditionalOnly: false });
  });

  it('uses the spec message for rate limits, from a service or the throttler', () => {
    expect(sut(new ServiceError(ErrorCode.RateLimited, 'slow down')).body).toEqual({ message: Messages.rateLimited });
    expect(sut(new HttpException('Too Many Requests', 429))).toEqual({ status: 429, body: { message: Messages.rateLimited } });
  });

  it('answers a spent daily quota with 429, its own message for the UI and Retry-After', () => {
    const details = { kind: 'image', limit: 10, resetsAt: '2031-03-15T00:00:00.000Z', retryAfterSeconds: 30 };
    const error = new ServiceError(ErrorCode.QuotaExceeded, 'Daily limit of image previews reached, resets at 00:00 UTC', details);
    expect(sut(error)).toEqual({
      status: 429,
      body: { message: 'Daily limit of image previews reached, resets at 00:00 UTC', quotaExceeded: true, kind: 'image', limit: 10, resetsAt: '2031-03-15T00:00:00.000Z' },
      headers: { 'Retry-After': '30' },
    });
    expect(sut(new ServiceError(ErrorCode.RateLimited, 'slow down')).headers).toBeUndefined();
  });

  it('hides internal errors', () => {
    expect(sut(new ServiceError(ErrorCode.Internal, 'database password is wrong'))).toEqual({ status: 500, body: { message: 'Internal server error' } });
    expect(sut(new Error('secret detail'))).toEqual({ status: 500, body: { message: 'Internal server error' } });
  });

  it('shows the first validation message of the HTTP pipe and keeps them all', () => {
    const exception = new BadRequestException(['page must be 1 or more', 'pageSize must be between 1 and 50']);
    expect(sut(exception)).toEqual({
      status: 400,
      body: { message: 'page must be 1 or more', details: { messages: ['page must be 1 or more', 'pageSize must be between 1 and 50'] } },
    });
  });

  it('answers unknown routes with a JSON 404', () => {
    expect(sut(new NotFoundException('Cannot GET /api/nope'))).toEqual({ status: 404, body: { message: 'Not found' } });
  });
});
