import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_PAYMENT_LIMIT, type PaymentRequest } from '@lipcast/web-kit';
import { PaywallModal } from './PaywallModal';

export interface PaywallControls {
  /** Opens the paywall; the limit defaults to 3, the offer to the monthly plan. */
  openPaywall: (request?: Partial<PaymentRequest>) => void;
  closePaywall: () => void;
  isOpen: boolean;
}

const PaywallContext = createContext<PaywallControls | null>(null);

export const PAYWALL_OUTSIDE_PROVIDER_MESSAGE = 'usePaywall must be used within a PaywallProvider';

/** The paywall's controls; only inside a `PaywallProvider` (spec section 8). */
export function usePaywall(): PaywallControls {
  const controls = useContext(PaywallContext);
  if (!controls) throw new Error(PAYWALL_OUTSIDE_PROVIDER_MESSAGE);
  return controls;
}

/** Holds whether the paywall is open and for what, and renders it (nothing while closed). */
export function PaywallProvider({ children }: { children?: ReactNode }) {
  // Each opening gets a fresh modal (plans step, nothing chosen), even if one was open already.
  const [opened, setOpened] = useState<{ request: PaymentRequest; id: number } | null>(null);

  const openPaywall = useCallback((asked: Partial<PaymentRequest> = {}) => {
    const next = { limit: asked.limit ?? DEFAULT_PAYMENT_LIMIT, requiresAdditionalOnly: asked.requiresAdditionalOnly ?? false };
    setOpened((current) => ({ request: next, id: (current?.id ?? 0) + 1 }));
  }, []);
  const closePaywall = useCallback(() => setOpened(null), []);
  const isOpen = opened !== null;
  const controls = useMemo(() => ({ openPaywall, closePaywall, isOpen }), [openPaywall, closePaywall, isOpen]);

  return (
    <PaywallContext value={controls}>
      {children}
      {opened && <PaywallModal key={opened.id} request={opened.request} onClose={closePaywall} />}
    </PaywallContext>
  );
}
