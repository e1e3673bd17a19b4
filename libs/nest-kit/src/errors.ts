import { RpcException } from '@nestjs/microservices';
import { ErrorCode, isServiceErrorPayload, Messages, type ServiceErrorPayload } from '@lipcast/contracts';
import { isConnectionOutage } from './outages';

/**
 * The one error type that crosses NATS intact (`{code, message, details?}`); the gateway maps its
 * code to an HTTP status in one place.
 */
export class ServiceError extends RpcException {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super({ code, message, ...(details ? { details } : {}) } satisfies ServiceErrorPayload);
  }

  get payload(): ServiceErrorPayload {
    return this.getError() as ServiceErrorPayload;
  }

  static fromPayload(payload: ServiceErrorPayload): ServiceError {
    return new ServiceError(payload.code, payload.message, payload.details);
  }

  static notFound(message = 'Not found') {
    return new ServiceError(ErrorCode.NotFound, message);
  }

  static validation(message: string, details?: Record<string, unknown>) {
    return new ServiceError(ErrorCode.Validation, message, details);
  }
}

export const INTERNAL_MESSAGE = 'Internal server error';

/**
 * Whatever was thrown, as the payload that may cross NATS: PostgreSQL or NATS out of reach is
 * `UNAVAILABLE` (503, try again in a moment), other unknown errors `INTERNAL`; neither leaks its text.
 */
export function toServiceErrorPayload(error: unknown): ServiceErrorPayload {
  if (error instanceof ServiceError) return error.payload;
  if (error instanceof RpcException && isServiceErrorPayload(error.getError())) return error.getError() as ServiceErrorPayload;
  if (isConnectionOutage(error)) return { code: ErrorCode.Unavailable, message: Messages.serviceUnavailable };
  return { code: ErrorCode.Internal, message: INTERNAL_MESSAGE };
}
