import { useSearchParams } from 'react-router-dom';
import { PREMIUM_GENERATIONS_PER_PERIOD } from '@lipcast/contracts';
import { Button, Page } from '@lipcast/ui';
import { isPremium, loginUrl, toast, useAccount } from '@lipcast/web-kit';
import { SYNC_FAILED_MESSAGE, useSubscriptionSyncOnSignIn } from '../account/subscription-sync';
import { LinkButtons, NextSteps } from '../common/page-actions';
import { Waiting } from '../common/Waiting';
import '../styles.css';

/**
 * Where hosted checkout returns after subscribing (with `?session_id=`): confirms the subscription
 * with Stripe on load. Opened without a checkout and with no subscription, it says so.
 */
export default function SubscriptionSuccess() {
  const { user, isLoading, isSignedIn } = useAccount();
  // Stripe adds the checkout session to the return address only after a completed checkout.
  const [searchParams] = useSearchParams();
  const fromCheckout = searchParams.has('session_id');
  const sync = useSubscriptionSyncOnSignIn(isSignedIn, () => toast({ title: 'Error', description: SYNC_FAILED_MESSAGE, variant: 'destructive' }));

  if (!isLoading && !isSignedIn) {
    return (
      <Page title="Subscription" description="Log in to see your subscription.">
        <Button asChild>
          {/* Back with the checkout session, so the page can still tell a purchase from none. */}
          <a href={loginUrl(`/subscription-success${fromCheckout ? `?${searchParams.toString()}` : ''}`)}>Log in</a>
        </Button>
      </Page>
    );
  }
  if (isPremium(user) || isPremium(sync.data?.account ?? null)) {
    return (
      <Page title="Subscription Active!" description={`Welcome to Premium: you now have ${PREMIUM_GENERATIONS_PER_PERIOD} generations every month.`}>
        <NextSteps />
      </Page>
    );
  }
  if (isLoading || sync.isIdle || sync.isPending) {
    return (
      <Page title="Confirming your subscription">
        <Waiting text="Confirming your subscription..." />
      </Page>
    );
  }
  if (!fromCheckout) {
    return (
      <Page title="No subscription found" description="Your account has no active Premium subscription.">
        <LinkButtons links={[{ to: '/pricing', label: 'See the plans' }, { to: '/profile', label: 'View Your Profile', variant: 'outline' }]} />
      </Page>
    );
  }
  return (
    // The failure itself is in the toast; the page says what it means without repeating it.
    <Page title="Subscription pending" description="Your payment was received. Your plan will show as Premium shortly.">
      <NextSteps />
    </Page>
  );
}
