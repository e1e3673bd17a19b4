/** Error codes that cross NATS as `{code, message, details?}`; the gateway maps each to one HTTP status. */
export enum ErrorCode {
  Validation = 'VALIDATION',
  Unauthenticated = 'UNAUTHENTICATED',
  Forbidden = 'FORBIDDEN',
  NotFound = 'NOT_FOUND',
  Conflict = 'CONFLICT',
  PaymentRequired = 'PAYMENT_REQUIRED',
  RateLimited = 'RATE_LIMITED',
  /** More than a size or storage limit allows; the message says which and what to do. */
  PayloadTooLarge = 'PAYLOAD_TOO_LARGE',
  /** A daily quota is spent (details: `QuotaExceededDetails`); the message is the one to show. */
  QuotaExceeded = 'QUOTA_EXCEEDED',
  /** An `Idempotency-Key` used before with another request body (HTTP 422). */
  IdempotencyMismatch = 'IDEMPOTENCY_MISMATCH',
  Upstream = 'UPSTREAM',
  Unavailable = 'UNAVAILABLE',
  Internal = 'INTERNAL',
}

export interface ServiceErrorPayload {
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

export const ERROR_HTTP_STATUS: Record<ErrorCode, number> = {
  [ErrorCode.Validation]: 400,
  [ErrorCode.Unauthenticated]: 401,
  [ErrorCode.Forbidden]: 403,
  [ErrorCode.NotFound]: 404,
  [ErrorCode.Conflict]: 409,
  [ErrorCode.PaymentRequired]: 402,
  [ErrorCode.RateLimited]: 429,
  [ErrorCode.PayloadTooLarge]: 413,
  [ErrorCode.QuotaExceeded]: 429,
  [ErrorCode.IdempotencyMismatch]: 422,
  [ErrorCode.Upstream]: 502,
  [ErrorCode.Unavailable]: 503,
  [ErrorCode.Internal]: 500,
};

export function isServiceErrorPayload(value: unknown): value is ServiceErrorPayload {
  if (typeof value !== 'object' || value === null) return false;
  const { code, message } = value as Record<string, unknown>;
  return typeof message === 'string' && Object.values(ErrorCode).includes(code as ErrorCode);
}

/** Messages the user sees (spec section 8). */
export const Messages = {
  rateLimited: 'Rate limit exceeded. Please try again in a few minutes.',
  unauthenticated: 'Authentication required. Please sign in again.',
  serviceUnavailable: 'This part of Lipcast is temporarily unavailable. Please try again shortly.',
  notFound: 'Not found',
} as const;
