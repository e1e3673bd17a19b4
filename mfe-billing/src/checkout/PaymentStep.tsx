import { lazy, Suspense } from 'react';
import { Spinner } from '@lipcast/ui';
import type { EmbeddedPaymentFormProps } from './EmbeddedPaymentForm';

// Stripe.js is fetched only when an embedded payment is actually shown (never in hosted mode).
const EmbeddedPaymentForm = lazy(() => import('./EmbeddedPaymentForm'));

export const COMPLETE_PURCHASE_TITLE = 'Complete Your Purchase';

/** The embedded card form, loaded on first use. */
export function PaymentStep(props: EmbeddedPaymentFormProps) {
  return (
    <Suspense fallback={<Spinner label="Loading payment form" />}>
      <EmbeddedPaymentForm {...props} />
    </Suspense>
  );
}
