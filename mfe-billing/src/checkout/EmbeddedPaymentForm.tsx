import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeConfig } from '@lipcast/contracts';
import { Button, Spinner } from '@lipcast/ui';
import { refreshAccount, toast, useBusy } from '@lipcast/web-kit';
import { confirmationToast, paymentExceptionToast, paymentReturnUrl } from './payment-result';
import { stripeFor } from './stripe-loader';

export const STRIPE_CONFIG_QUERY_KEY = ['/api/stripe/config'] as const;

export interface EmbeddedPaymentFormProps {
  clientSecret: string;
  onCancel: () => void;
  /** Confirmed without leaving the page (Stripe usually redirects to /payment-success instead). */
  onSubmitted?: () => void;
}

/** Stripe's Payment Element for a payment the server prepared, with Cancel and "Pay Now". */
export default function EmbeddedPaymentForm({ clientSecret, onCancel, onSubmitted }: EmbeddedPaymentFormProps) {
  const { data: config, isLoading, isError } = useQuery<StripeConfig>({ queryKey: STRIPE_CONFIG_QUERY_KEY });

  if (isLoading) return <Spinner label="Loading payment form" />;
  if (isError || !config?.publishableKey) {
    return (
      <div className="space-y-4">
        <p role="alert" className="text-sm text-red-700">
          Card payments are not available right now. Please try again later.
        </p>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    );
  }
  return (
    <Elements stripe={stripeFor(config.publishableKey)} options={{ clientSecret, appearance: { theme: 'stripe' } }}>
      <PaymentFields onCancel={onCancel} onSubmitted={onSubmitted} />
    </Elements>
  );
}

function PaymentFields({ onCancel, onSubmitted }: Pick<EmbeddedPaymentFormProps, 'onCancel' | 'onSubmitted'>) {
  const queryClient = useQueryClient();
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const { busy, run } = useBusy((error) => toast(paymentExceptionToast(error)));

  function pay(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    void run(async () => {
      const result = await stripe.confirmPayment({ elements, confirmParams: { return_url: paymentReturnUrl() } });
      toast(confirmationToast(result));
      if (!result.error) {
        void refreshAccount(queryClient);
        onSubmitted?.();
      }
    });
  }

  return (
    <form onSubmit={pay} className="space-y-6">
      <PaymentElement onReady={() => setReady(true)} />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={!stripe || !ready || busy}>
          {busy ? 'Processing...' : 'Pay Now'}
        </Button>
      </div>
    </form>
  );
}
