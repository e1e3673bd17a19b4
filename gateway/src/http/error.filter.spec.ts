import type { ArgumentsHost } from '@nestjs/common';
import type { Logger } from 'pino';
import { ErrorCode, Messages } from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';
import { HttpErrorFilter } from './error.filter';

/** The parts of an Express response the filter uses, recording what it was told. */
function fakeResponse() {
  const sent = { status: 0, headers: {} as Record<string, string>, body: undefined as unknown };
  const response = {
    headersSent: false,
    set(headers: Record<string, string>) {
      Object.assign(sent.headers, headers);
      return response;
    },
    status(status: number) {
      sent.status = status;
      return response;
    },
    json(body: unknown) {
      sent.body = body;
      return response;
    },
  };
  return { response, sent };
}

describe(HttpErrorFilter.name, () => {
  const logger = { warn: jest.fn(), error: jest.fn() } as unknown as Logger;
  const sut = new HttpErrorFilter(logger);
  const hostFor = (response: unknown) => ({ switchToHttp: () => ({ getResponse: () => response }) }) as unknown as ArgumentsHost;

  it('sets Retry-After from a spent quota', () => {
    const { response, sent } = fakeResponse();
    const error = new ServiceError(ErrorCode.QuotaExceeded, 'Daily limit of scripts reached, resets at 00:00 UTC', {
      kind: 'script',
      limit: 10,
      resetsAt: '2031-03-15T00:00:00.000Z',
      retryAfterSeconds: 3600,
    });

    sut.catch(error, hostFor(response));

    expect(sent).toEqual({
      status: 429,
      headers: { 'Retry-After': '3600' },
      body: { message: 'Daily limit of scripts reached, resets at 00:00 UTC', quotaExceeded: true, kind: 'script', limit: 10, resetsAt: '2031-03-15T00:00:00.000Z' },
    });
  });

  it('answers PostgreSQL away with 503, Retry-After and the unavailable message, logged as a warning', () => {
    const { response, sent } = fakeResponse();

    sut.catch(new Error('Connection terminated unexpectedly'), hostFor(response));

    expect(sent).toEqual({ status: 503, headers: { 'Retry-After': '5' }, body: { message: Messages.serviceUnavailable } });
    expect(logger.warn).toHaveBeenCalledWith(expect.objectContaining({ status: 503, details: { reason: 'Connection terminated unexpectedly' } }), expect.any(String));
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('sets no header for other errors', () => {
    const { response, sent } = fakeResponse();

    sut.catch(ServiceError.notFound('No such project'), hostFor(response));

    expect(sent).toEqual({ status: 404, headers: {}, body: { message: 'No such project' } });
  });
});
