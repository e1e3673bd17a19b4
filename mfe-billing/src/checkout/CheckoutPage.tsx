import { Link, useNavigate } from 'react-router-dom';
import { Button, Card, CardContent, CardHeader, CardTitle, Page } from '@lipcast/ui';
import { Waiting } from '../common/Waiting';
import { formatPrice } from '../plans/plans';
import { COMPLETE_PURCHASE_TITLE, PaymentStep } from './PaymentStep';
import type { Purchase } from './start-checkout';
import { useCheckoutOnLoad } from './useCheckoutOnLoad';

/** `/subscribe` and `/additional-generations`: prepares the payment on load and shows where it stands. */
export function CheckoutPage({ purchase, title, description }: { purchase: Purchase; title: string; description: string }) {
  const state = useCheckoutOnLoad(purchase);
  const navigate = useNavigate();

  switch (state.status) {
    case 'preparing':
    case 'redirecting':
      return (
        <Page title={title} description={description}>
          <Waiting text={state.status === 'preparing' ? 'Loading...' : 'Redirecting to secure checkout...'} />
        </Page>
      );
    case 'embedded':
      return (
        <Page title={title} description={description}>
          <Card className="max-w-xl">
            <CardHeader>
              <CardTitle>{COMPLETE_PURCHASE_TITLE}</CardTitle>
              <p className="text-sm text-slate-600">
                {state.plan.name}: {formatPrice(state.plan.price)}
                {purchase === 'subscription' ? ' per month' : ', one-time payment'}
              </p>
            </CardHeader>
            <CardContent>
              <PaymentStep clientSecret={state.clientSecret} onCancel={() => navigate('/payment-cancel')} />
            </CardContent>
          </Card>
        </Page>
      );
    case 'already-subscribed':
      return (
        <Page title="You already have Premium" description="Your subscription is active: there is nothing more to buy here. Your plan and usage are on your profile.">
          <Button asChild>
            <Link to="/profile">Go to Your Profile</Link>
          </Button>
        </Page>
      );
    case 'failed':
      return (
        <Page title={state.title} description={state.message}>
          <Button asChild>
            <Link to="/">Return to Home</Link>
          </Button>
        </Page>
      );
  }
}
