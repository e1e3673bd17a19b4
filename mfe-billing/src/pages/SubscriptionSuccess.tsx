import { useEffect, useRef } from 'react';
import { Button, Page } from '@lipcast/ui';
import { isPremium, loginUrl, toast, useAccount } from '@lipcast/web-kit';
import { SYNC_FAILED_MESSAGE, useSubscriptionSync } from '../account/subscription-sync';
import { NextSteps } from '../common/page-actions';
import { Waiting } from '../common/Waiting';
import '../styles.css';

/** Where hosted checkout returns after subscribing: confirms the subscription with Stripe on load. */
export default function SubscriptionSuccess() {
  const { user, isLoading, isSignedIn } = useAccount();
  const sync = useSubscriptionSync();
  const { mutate } = sync;
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !isSignedIn) return;
    started.current = true;
    mutate(undefined, {
      onError: () => toast({ title: 'Error', description: SYNC_FAILED_MESSAGE, variant: 'destructive' }),
    });
  }, [isSignedIn, mutate]);

  if (!isLoading && !isSignedIn) {
    return (
      <Page title="Subscription" description="Log in to see your subscription.">
        <Button asChild>
          <a href={loginUrl('/subscription-success')}>Log in</a>
        </Button>
      </Page>
    );
  }
  if (isPremium(user) || sync.data?.account?.subscriptionStatus === 'active') {
    return (
      <Page title="Subscription Active!" description="Welcome to Premium: you now have 60 generations every month.">
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
  return (
    // The failure itself is in the toast; the page says what it means without repeating it.
    <Page title="Subscription pending" description="Your payment was received. Your plan will show as Premium shortly.">
      <NextSteps />
    </Page>
  );
}
