import { useEffect, useRef, useState } from 'react';
import type { Plan } from '@lipcast/contracts';
import { navigateAway, toast } from '@lipcast/web-kit';
import { usePlans } from '../plans/usePlans';
import { CheckoutSetupError, checkoutFailure, planForPurchase, SETUP_FAILURE, startCheckout, type Purchase } from './start-checkout';

export type CheckoutPageState =
  | { status: 'preparing' }
  | { status: 'redirecting' }
  | { status: 'embedded'; clientSecret: string; plan: Plan }
  | { status: 'already-subscribed' }
  | { status: 'failed'; title: string; message: string };

/**
 * Starts paying for the page's plan as soon as the plans are known: a hosted checkout `url` sends the
 * browser there, a `clientSecret` shows the embedded form. Runs once, even under StrictMode.
 */
export function useCheckoutOnLoad(purchase: Purchase): CheckoutPageState {
  const { data: plans, isError } = usePlans();
  const [state, setState] = useState<CheckoutPageState>({ status: 'preparing' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current || (!plans && !isError)) return;
    started.current = true;
    if (!plans) {
      setState({ status: 'failed', ...SETUP_FAILURE[purchase] });
      return;
    }
    void beginCheckout(purchase, plans).then(setState);
  }, [plans, isError, purchase]);

  return state;
}

async function beginCheckout(purchase: Purchase, plans: Plan[]): Promise<CheckoutPageState> {
  try {
    const plan = planForPurchase(purchase, plans);
    const step = await startCheckout(plan);
    if (step.kind === 'embedded') return { status: 'embedded', clientSecret: step.clientSecret, plan };
    if (navigateAway(step.url, SETUP_FAILURE[purchase].title)) return { status: 'redirecting' };
    return { status: 'failed', ...SETUP_FAILURE[purchase] };
  } catch (error) {
    // "No active subscription plan found" and the like: say what is missing as well.
    if (error instanceof CheckoutSetupError) toast({ title: 'Error', description: error.message, variant: 'destructive' });
    const failure = checkoutFailure(error, purchase);
    return failure.kind === 'already-subscribed' ? { status: 'already-subscribed' } : { status: 'failed', title: failure.title, message: failure.message };
  }
}
