import { Component, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { registerPaymentHandler, requestPayment, type PaymentRequest } from '@lipcast/web-kit';
import { loadRemotePage } from '../remotes';

export const PAYWALL_REMOTE = 'mfe_billing';
export const PAYWALL_MODULE = './Paywall';

/** The paywall is optional: if it breaks, it renders nothing and says so, so purchases fall back to their pages. */
class SilentBoundary extends Component<{ onFailed: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn('The paywall failed:', error);
    this.props.onFailed();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Mounts billing's paywall (`mfe_billing/Paywall`) for the whole app, on the first payment request:
 * until then no page (the landing page least of all) downloads billing's code. The first 402 loads
 * it; once mounted it registers itself as web-kit's payment handler, and the waiting request is
 * handed to it. If it cannot load, this handler steps aside and web-kit's `requestPayment` sends
 * the user to the purchase page instead.
 */
export function GlobalPaywall() {
  const [Paywall, setPaywall] = useState<ComponentType | null>(null);
  const waiting = useRef<PaymentRequest | null>(null);
  const stepAside = useRef<() => void>(() => undefined);

  useEffect(() => {
    let mounted = true;
    const unregister = registerPaymentHandler((request) => {
      waiting.current = request;
      loadRemotePage(PAYWALL_REMOTE, PAYWALL_MODULE, false).then(
        (loaded) => mounted && setPaywall(() => loaded.default),
        (error: unknown) => {
          console.warn('The paywall could not be loaded; purchases fall back to their pages:', error);
          stepAside.current();
        },
      );
    });
    // Without a paywall, web-kit sends the waiting request (and later ones) to the purchase pages.
    stepAside.current = () => {
      unregister();
      const request = waiting.current;
      waiting.current = null;
      if (request) requestPayment(request);
    };
    return () => {
      mounted = false;
      unregister();
    };
  }, []);

  // The paywall registered its own handler as it mounted (children's effects run first): hand it the request.
  useEffect(() => {
    const request = waiting.current;
    if (!Paywall || !request) return;
    waiting.current = null;
    requestPayment(request);
  }, [Paywall]);

  if (!Paywall) return null;
  return (
    <SilentBoundary onFailed={() => stepAside.current()}>
      {/* The remote's own stylesheet is scoped to this element (tools/webpack/scope-remote-css.cjs). */}
      <div data-remote={PAYWALL_REMOTE} className="contents">
        <Paywall />
      </div>
    </SilentBoundary>
  );
}
