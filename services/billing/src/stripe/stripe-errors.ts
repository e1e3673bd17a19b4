import Stripe from 'stripe';
import { ErrorCode } from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';
import { stripeApiErrors } from '../billing-metrics';

/** A Stripe object that does not exist (deleted, or made with other keys). */
export function isMissingResource(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && error.code === 'resource_missing';
}

/**
 * What a failed Stripe call means for our caller: unreachable → UNAVAILABLE (try again), anything
 * else → UPSTREAM. Stripe's own text rides in `details.reason`, which the gateway logs (with the
 * request id) and never sends: the user gets a generic message.
 */
export function toServiceError(error: unknown, action: string): ServiceError {
  if (error instanceof ServiceError) return error;
  if (error instanceof Stripe.errors.StripeConnectionError) stripeApiErrors.inc({ status: 'connection' });
  if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeRateLimitError) {
    return new ServiceError(ErrorCode.Unavailable, `The payment provider could not be reached to ${action}. Please try again.`);
  }
  const reason = error instanceof Stripe.errors.StripeError ? `${error.type}${error.code ? ` ${error.code}` : ''}: ${error.message}` : String(error);
  return new ServiceError(ErrorCode.Upstream, `Payment provider error: could not ${action}. Please try again.`, { reason });
}

/** Runs a Stripe call and converts its failure (see toServiceError). */
export async function callStripe<T>(action: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toServiceError(error, action);
  }
}
