import { useState, type MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogFooter,
  AlertDialogTrigger,
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@lipcast/ui';
import { PREMIUM_GENERATIONS_PER_PERIOD } from '@lipcast/contracts';
import type { AccountUser } from '@lipcast/web-kit';
import { useCancelSubscription } from '../account/subscription-sync';
import { canBuyMoreGenerations, formatUsDate, subscriptionSummary } from './subscription-summary';

/** The plan: free with its usage and an upgrade, or Premium with its renewal (or end) date. */
export function SubscriptionBox({ user }: { user: AccountUser }) {
  const summary = subscriptionSummary(user);
  const periodEnd = summary.kind === 'free' ? null : formatUsDate(summary.periodEnd);
  const usage = `${user.generationsCount} of ${summary.allowance} ${summary.kind === 'free' ? 'free generations used' : 'generations used this month'}`;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          Subscription
          {summary.kind === 'free' ? <Badge variant="outline">Free</Badge> : <Badge>Premium</Badge>}
        </CardTitle>
        <CardDescription>{usage}</CardDescription>
      </CardHeader>
      <CardContent className="text-sm text-slate-700">
        {summary.kind === 'free' && <p>Upgrade to Premium for {PREMIUM_GENERATIONS_PER_PERIOD} generations every month and full access to all features.</p>}
        {summary.kind === 'renewing' && <p>{periodEnd ? `Your plan renews on ${periodEnd}.` : 'Your plan renews monthly.'}</p>}
        {summary.kind === 'ending' && (
          <p>
            Your subscription was cancelled. Premium stays active until {periodEnd ?? 'the end of the billing period'} and does not renew.
          </p>
        )}
      </CardContent>
      <CardFooter className="flex-wrap">
        {summary.kind === 'free' && (
          <Button asChild>
            <Link to="/subscribe">Upgrade to Premium</Link>
          </Button>
        )}
        {summary.kind === 'renewing' && <CancelSubscription periodEnd={periodEnd} />}
        {canBuyMoreGenerations(user.generationsCount) && (
          <Button asChild variant="outline">
            <Link to="/additional-generations">Buy More Generations</Link>
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}

/** "Cancel Subscription" and its confirmation; the plan stays until the end of the paid period. */
function CancelSubscription({ periodEnd }: { periodEnd: string | null }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelSubscription();
  const until = periodEnd ?? 'the end of the billing period';

  function confirm(event: MouseEvent) {
    // Keeps the dialog open, busy, until the server has answered.
    event.preventDefault();
    cancel.mutate(undefined, { onSettled: () => setOpen(false) });
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !cancel.isPending && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="outline">Cancel Subscription</Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        title="Cancel your subscription?"
        description={`You keep Premium and its monthly generations until ${until}. After that your plan does not renew and you return to the free tier.`}
      >
        <AlertDialogFooter>
          <AlertDialogCancel disabled={cancel.isPending}>Keep Subscription</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={confirm} disabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling...' : 'Yes, Cancel Subscription'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
