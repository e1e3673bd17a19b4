import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { API_ROUTES, type Account } from '@lipcast/contracts';
import { ACCOUNT_QUERY_KEY, callApi, refreshAccount, toast, type AccountUser } from '@lipcast/web-kit';
import { formatUsDate } from '../profile/subscription-summary';

export const SYNC_FAILED_MESSAGE = 'We had trouble confirming your subscription. Please contact support if issues persist.';
export const CANCEL_FAILED_MESSAGE = 'Failed to cancel subscription. Please try again later.';

/** Shows the plan the server answered with at once, then reloads the whole user for the header. */
export async function applyAccount(queryClient: QueryClient, account: Account | undefined): Promise<void> {
  if (account) {
    queryClient.setQueryData<AccountUser | null>(ACCOUNT_QUERY_KEY, (user) => (user ? { ...user, ...account } : user));
  }
  await refreshAccount(queryClient);
}

/**
 * Re-reads the subscription from Stripe once per page, as soon as the user is signed in (spec
 * section 4), then refreshes the user (also after a failure: the plan may still have changed).
 * `onError` says a failure.
 */
export function useSubscriptionSyncOnSignIn(isSignedIn: boolean, onError?: () => void) {
  const queryClient = useQueryClient();
  const sync = useMutation({
    mutationFn: () => callApi(API_ROUTES.syncSubscription),
    onSuccess: (answer) => applyAccount(queryClient, answer.account),
    onError: () => refreshAccount(queryClient),
  });
  const { mutate } = sync;
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !isSignedIn) return;
    started.current = true;
    mutate(undefined, { onError });
  }, [isSignedIn, mutate, onError]);
  return sync;
}

/**
 * Cancels at the end of the paid period and tells the user how it went. The toasts live here, not
 * with the button: the button is gone as soon as the account shows the cancellation.
 */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(API_ROUTES.cancelSubscription),
    onSuccess: (answer) => {
      const until = formatUsDate(answer.account?.subscriptionPeriodEnd) ?? 'the end of the billing period';
      toast({ title: 'Subscription Cancelled', description: `You keep Premium until ${until}. It will not renew.`, variant: 'success' });
      return applyAccount(queryClient, answer.account);
    },
    onError: () => toast({ title: 'Error', description: CANCEL_FAILED_MESSAGE, variant: 'destructive' }),
  });
}
