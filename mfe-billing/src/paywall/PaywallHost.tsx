import { useEffect, type ReactNode } from 'react';
import { registerPaymentHandler } from '@lipcast/web-kit';
import { PaywallProvider, usePaywall } from './PaywallContext';
import '../styles.css';

/** Makes this paywall the one `requestPayment` (and so any 402 answer) opens, while it is mounted. */
function PaymentHandlerRegistration() {
  const { openPaywall } = usePaywall();
  useEffect(() => registerPaymentHandler(openPaywall), [openPaywall]);
  return null;
}

/**
 * The paywall the shell mounts once for the whole app (federated as `mfe_billing/Paywall`). It renders
 * nothing until a payment is requested, then the modal with the limit it was given.
 */
export default function PaywallHost({ children }: { children?: ReactNode }) {
  return (
    <PaywallProvider>
      <PaymentHandlerRegistration />
      {children}
    </PaywallProvider>
  );
}

export { PaywallProvider, usePaywall } from './PaywallContext';
