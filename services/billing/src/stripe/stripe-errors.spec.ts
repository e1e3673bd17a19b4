import Stripe from 'stripe';
import { ErrorCode } from '@lipcast/contracts';
import { toServiceError } from './stripe-errors';

describe(toServiceError.name, () => {
  it("keeps Stripe's own text out of the message the user sees, in the details the gateway only logs", () => {
    const refused = new Stripe.errors.StripeInvalidRequestError({ type: 'invalid_request_error', code: 'resource_missing', message: "No such customer: 'cus_secret42'" });
    const error = toServiceError(refused, 'start the checkout');
    expect(error.code).toBe(ErrorCode.Upstream);
    expect(error.message).toBe('Payment provider error: could not start the checkout. Please try again.');
    expect(error.details).toEqual({ reason: expect.stringContaining("No such customer: 'cus_secret42'") });
  });

  it('asks to try again when Stripe cannot be reached', () => {
    const error = toServiceError(new Stripe.errors.StripeConnectionError({ message: 'socket hang up' }), 'start the payment');
    expect(error.code).toBe(ErrorCode.Unavailable);
    expect(error.message).not.toContain('socket hang up');
  });
});
