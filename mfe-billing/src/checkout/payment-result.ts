import type { ToastOptions } from '@lipcast/web-kit';

export const UNEXPECTED_PAYMENT_ERROR = 'An unexpected error occurred.';

/** Where Stripe sends the browser after confirming an embedded payment (spec section 2). */
export function paymentReturnUrl(origin: string = window.location.origin): string {
  return `${origin}/payment-success`;
}

/** The toast for the answer of `stripe.confirmPayment` (spec section 8). */
export function confirmationToast(result: { error?: { message?: string } }): ToastOptions {
  if (result.error) {
    return { title: 'Payment Failed', description: result.error.message ?? UNEXPECTED_PAYMENT_ERROR, variant: 'destructive' };
  }
  return { title: 'Payment Submitted', description: 'Your payment is being processed...', variant: 'success' };
}

/** The toast when confirming the payment raised instead of answering. */
export function paymentExceptionToast(error: unknown): ToastOptions {
  const message = error instanceof Error && error.message ? error.message : UNEXPECTED_PAYMENT_ERROR;
  return { title: 'Payment Error', description: message, variant: 'destructive' };
}
