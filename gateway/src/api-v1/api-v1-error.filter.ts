import { Catch, HttpException, HttpStatus, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import type { Logger } from 'pino';
import { ErrorCode, type ApiV1ErrorBody } from '@lipcast/contracts';
import { createLogger, ServiceError, toServiceErrorPayload } from '@lipcast/nest-kit';
import { errorResponse, loggedDetails } from '../http/error-response';
import { recordRefusal } from '../http/http-metrics';

/** The contracts' code for an HTTP error raised in the gateway itself (validation, guards, the throttler, routing). */
const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  [HttpStatus.BAD_REQUEST]: ErrorCode.Validation,
  [HttpStatus.UNAUTHORIZED]: ErrorCode.Unauthenticated,
  [HttpStatus.PAYMENT_REQUIRED]: ErrorCode.PaymentRequired,
  [HttpStatus.FORBIDDEN]: ErrorCode.Forbidden,
  [HttpStatus.NOT_FOUND]: ErrorCode.NotFound,
  [HttpStatus.CONFLICT]: ErrorCode.Conflict,
  [HttpStatus.PAYLOAD_TOO_LARGE]: ErrorCode.PayloadTooLarge,
  [HttpStatus.TOO_MANY_REQUESTS]: ErrorCode.RateLimited,
  [HttpStatus.BAD_GATEWAY]: ErrorCode.Upstream,
  [HttpStatus.SERVICE_UNAVAILABLE]: ErrorCode.Unavailable,
};

export interface ApiV1ErrorResponse {
  status: number;
  body: ApiV1ErrorBody;
  headers?: Record<string, string>;
}

/**
 * Any error as the public API answers it: `{error: {code, message, details}}` with the contracts'
 * codes. Status, message, headers and what may be shown come from the app's one mapping
 * (`errorResponse`), so both surfaces say the same thing; what that mapping adds beside the message
 * (a quota's reset, the validation messages) becomes `details`.
 */
export function apiV1ErrorResponse(exception: unknown): ApiV1ErrorResponse {
  // A service's own rate limit (e.g. a webhook endpoint's hourly redeliveries) says which limit was
  // reached, for the caller to act on; the app's mapping answers only the generic text for every 429.
  if (exception instanceof ServiceError && exception.code === ErrorCode.RateLimited) {
    return { status: HttpStatus.TOO_MANY_REQUESTS, body: { error: { code: ErrorCode.RateLimited, message: exception.payload.message, details: exception.details ?? null } } };
  }
  const { status, body, headers } = errorResponse(exception);
  // Not an HTTP error: a service's code, or UNAVAILABLE when the gateway's own PostgreSQL or NATS is away.
  const code = exception instanceof HttpException ? (CODE_BY_STATUS[status] ?? ErrorCode.Internal) : toServiceErrorPayload(exception).code;
  const { message, details, ...beside } = body as { message?: unknown; details?: unknown };
  const shownDetails = (details as Record<string, unknown> | undefined) ?? (Object.keys(beside).length > 0 ? beside : null);
  const error = { code, message: typeof message === 'string' ? message : 'Internal server error', details: shownDetails };
  return headers ? { status, body: { error }, headers } : { status, body: { error } };
}

/** On every `/api/v1` controller (`@ApiV1Controller`): errors in the public API's shape, logged and counted as the app's are. */
@Catch()
export class ApiV1ErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger = createLogger('gateway')) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, body, headers } = apiV1ErrorResponse(exception);
    if (status === 503) this.logger.warn({ status, message: body.error.message, details: loggedDetails(exception) }, 'a service or dependency is unavailable');
    else if (status >= 500) this.logger.error({ err: exception, status }, 'request failed');
    if (status === 429) recordRefusal(body.error.code === ErrorCode.QuotaExceeded ? 'quota' : 'rate_limit');
    if (response.headersSent) return void response.end();
    if (headers) response.set(headers);
    response.status(status).json(body);
  }
}
