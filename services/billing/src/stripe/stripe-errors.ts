import Stripe from 'stripe';
import { ErrorCode } from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';

/** A Stripe object that does not exist (deleted, or made with other keys). */
export function isMissingResource(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && error.code === 'resource_missing';
}

/**
 * What a failed Stripe call means for our caller: unreachable → UNAVAILABLE (try again), anything
 * else → UPSTREAM. Stripe's own text stays in our logs; the user gets the spec's messages.
 */
export function toServiceError(error: unknown, action: string): ServiceError {
  if (error instanceof ServiceError) return error;
  if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeRateLimitError) {
    return new ServiceError(ErrorCode.Unavailable, `The payment provider could not be reached to ${action}. Please try again.`);
  }
  const reason = error instanceof Stripe.errors.StripeError ? `${error.type}${error.code ? ` ${error.code}` : ''}: ${error.message}` : String(error);
  return new ServiceError(ErrorCode.Upstream, `The payment provider refused to ${action}.`, { reason });
}

/** Runs a Stripe call and converts its failure (see toServiceError). */
export async function callStripe<T>(action: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toServiceError(error, action);
  }
}
