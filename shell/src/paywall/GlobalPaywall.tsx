import { Component, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { loadRemotePage } from '../remotes';

export const PAYWALL_REMOTE = 'mfe_billing';
export const PAYWALL_MODULE = './Paywall';

/** The paywall is optional: if it breaks, it renders nothing and requestPayment falls back to a page. */
class SilentBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn('The paywall failed:', error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Mounts billing's paywall (`mfe_billing/Paywall`) once for the whole app. It registers itself as
 * web-kit's payment handler, so a 402 anywhere opens it. It loads after the first render so it never
 * delays the page; if it cannot load, nothing shows and web-kit's `requestPayment` sends the user
 * to the purchase page instead.
 */
export function GlobalPaywall() {
  const [Paywall, setPaywall] = useState<ComponentType | null>(null);

  useEffect(() => {
    let mounted = true;
    loadRemotePage(PAYWALL_REMOTE, PAYWALL_MODULE, false).then(
      (loaded) => mounted && setPaywall(() => loaded.default),
      (error: unknown) => console.warn('The paywall could not be loaded; purchases fall back to their pages:', error),
    );
    return () => {
      mounted = false;
    };
  }, []);

  if (!Paywall) return null;
  return (
    <SilentBoundary>
      {/* The remote's own stylesheet is scoped to this element (tools/webpack/scope-remote-css.cjs). */}
      <div data-remote={PAYWALL_REMOTE} className="contents">
        <Paywall />
      </div>
    </SilentBoundary>
  );
}
