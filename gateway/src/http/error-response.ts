import { HttpException, HttpStatus } from '@nestjs/common';
import { ERROR_HTTP_STATUS, ErrorCode, Messages, type QuotaExceededDetails, type ServiceErrorPayload } from '@lipcast/contracts';
import { ServiceError, toServiceErrorPayload } from '@lipcast/nest-kit';

export interface ErrorResponse {
  status: number;
  body: Record<string, unknown>;
  /** Response headers the answer needs (`Retry-After` of a spent daily quota or of a 503). */
  headers?: Record<string, string>;
}

const INTERNAL: ErrorResponse = { status: 500, body: { message: 'Internal server error' } };

/**
 * `Retry-After` (seconds) of every 503: PostgreSQL, NATS or a service is away for a moment (a
 * restart, a failover, connections terminated), which the pools and the NATS client (reconnecting
 * every 500 ms) get over within seconds; a client that honours it comes back once, not in a tight loop.
 */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** The one mapping from a service's structured error to the HTTP answer (statuses from contracts). */
export function serviceErrorResponse({ code, message, details }: ServiceErrorPayload): ErrorResponse {
  const status = ERROR_HTTP_STATUS[code] ?? 500;
  switch (code) {
    case ErrorCode.PaymentRequired:
      return {
        status,
        body: {
          message,
          requiresPayment: true,
          limit: details?.limit ?? 3,
          requiresAdditionalOnly: details?.requiresAdditionalOnly ?? false,
        },
      };
    case ErrorCode.RateLimited:
      return { status, body: { message: Messages.rateLimited } };
    case ErrorCode.QuotaExceeded:
      return quotaExceededResponse(status, message, details);
    case ErrorCode.Internal:
      return INTERNAL;
    // Their details (the NATS subject, a provider's own error text) are for the log only.
    case ErrorCode.Upstream:
      return { status, body: { message } };
    case ErrorCode.Unavailable:
      return { status, body: { message }, headers: { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) } };
    default:
      return { status, body: details ? { message, details } : { message } };
  }
}

/**
 * A spent daily quota: 429 with the service's message for the UI ("Daily limit of … reached, resets at
 * 00:00 UTC"), `quotaExceeded: true` so the browser shows it instead of the generic rate-limit text,
 * and `Retry-After` in seconds to the reset.
 */
function quotaExceededResponse(status: number, message: string, details: Record<string, unknown> | undefined): ErrorResponse {
  const { kind, limit, resetsAt, retryAfterSeconds } = (details ?? {}) as Partial<QuotaExceededDetails>;
  const body = { message, quotaExceeded: true, kind, limit, resetsAt };
  const retryAfter = typeof retryAfterSeconds === 'number' && retryAfterSeconds > 0 ? Math.ceil(retryAfterSeconds) : null;
  return retryAfter === null ? { status, body } : { status, body, headers: { 'Retry-After': String(retryAfter) } };
}

function httpExceptionResponse(exception: HttpException): ErrorResponse {
  const status = exception.getStatus();
  if (status === HttpStatus.TOO_MANY_REQUESTS) return { status, body: { message: Messages.rateLimited } };
  if (status === HttpStatus.NOT_FOUND) return { status, body: { message: Messages.notFound } };
  const response = exception.getResponse();
  if (typeof response === 'string') return { status, body: { message: response } };
  const { message, details } = response as { message?: string | string[]; details?: unknown };
  // ValidationPipe reports every field message as an array: show the first, keep them all in details.
  if (Array.isArray(message)) return { status, body: { message: message[0], details: details ?? { messages: message } } };
  return { status, body: details ? { message: message ?? exception.message, details } : { message: message ?? exception.message } };
}

/** What a 5xx answer leaves out, for the log: a service's details (the NATS subject), or the gateway's own error text. */
export function loggedDetails(exception: unknown): Record<string, unknown> | undefined {
  if (exception instanceof ServiceError) return exception.details;
  return exception instanceof Error ? { reason: exception.message } : undefined;
}

/**
 * Any error as the HTTP answer. The gateway's own PostgreSQL (sessions, exports, the audit log) or
 * NATS out of reach answers as a service's `UNAVAILABLE` does (503, `Retry-After`), anything else unknown 500.
 */
export function errorResponse(exception: unknown): ErrorResponse {
  if (exception instanceof HttpException) return httpExceptionResponse(exception);
  return serviceErrorResponse(toServiceErrorPayload(exception));
}
