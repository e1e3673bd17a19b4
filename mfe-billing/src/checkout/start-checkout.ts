import { API_ROUTES, type AdditionalGenerationsRequest, type CreateSubscriptionRequest, type Plan } from '@lipcast/contracts';
import { ApiError, callApi, isPaymentRequired } from '@lipcast/web-kit';
import { monthlyPlan, oneTimePlan } from '../plans/plans';

/** What is being bought: the monthly plan or a one-time pack of extra generations. */
export type Purchase = 'subscription' | 'pack';

export const NO_SUBSCRIPTION_PLAN_MESSAGE = 'No active subscription plan found';
export const NO_PACK_PLAN_MESSAGE = 'No active additional generations plan found';
export const NO_CLIENT_SECRET_MESSAGE = 'No client secret received';

/** The spec's setup-failure pages (section 8, "Plans and payment"). */
export const SETUP_FAILURE: Record<Purchase, { title: string; message: string }> = {
  subscription: {
    title: 'Subscription Setup Failed',
    message: 'Could not initialize subscription process. Please try again later.',
  },
  pack: {
    title: 'Payment Setup Failed',
    message: 'Could not initialize payment process. Please try again later.',
  },
};

/** A problem found before or after calling the server that the user cannot fix by retrying at once. */
export class CheckoutSetupError extends Error {
  override name = 'CheckoutSetupError';
}

/** How the payment continues: on Stripe's hosted page, or in the embedded form with this secret. */
export type CheckoutStep = { kind: 'redirect'; url: string } | { kind: 'embedded'; clientSecret: string };

/** Why checkout could not start; a 409 on the subscription means the user already has it. */
export type CheckoutFailure = { kind: 'already-subscribed' } | { kind: 'failed'; title: string; message: string };

export function purchaseOf(plan: Plan): Purchase {
  return plan.interval === 'month' ? 'subscription' : 'pack';
}

/** The plan a checkout page sells: the first active plan of its kind, or a `CheckoutSetupError`. */
export function planForPurchase(purchase: Purchase, plans: readonly Plan[]): Plan {
  const plan = purchase === 'subscription' ? monthlyPlan(plans) : oneTimePlan(plans);
  if (!plan) throw new CheckoutSetupError(purchase === 'subscription' ? NO_SUBSCRIPTION_PLAN_MESSAGE : NO_PACK_PLAN_MESSAGE);
  return plan;
}

export type CheckoutCall =
  | { route: typeof API_ROUTES.createSubscription; body: CreateSubscriptionRequest }
  | { route: typeof API_ROUTES.buyAdditionalGenerations; body: AdditionalGenerationsRequest };

/** The server call that starts paying for `plan` (spec section 7). */
export function checkoutCall(plan: Plan): CheckoutCall {
  if (purchaseOf(plan) === 'pack') {
    return { route: API_ROUTES.buyAdditionalGenerations, body: { generations: plan.generationsLimit } };
  }
  // Subscribing needs the plan's Stripe price; a plan without one cannot be sold.
  if (!plan.stripePriceId) throw new CheckoutSetupError(NO_SUBSCRIPTION_PLAN_MESSAGE);
  return { route: API_ROUTES.createSubscription, body: { priceId: plan.stripePriceId, planName: plan.name } };
}

/** Reads the server's answer: a hosted checkout `url` wins; otherwise a `clientSecret` is required. */
export function readCheckoutStart(answer: unknown): CheckoutStep {
  if (typeof answer === 'object' && answer !== null) {
    const { url, clientSecret } = answer as Record<string, unknown>;
    if (typeof url === 'string' && url !== '') return { kind: 'redirect', url };
    if (typeof clientSecret === 'string' && clientSecret !== '') return { kind: 'embedded', clientSecret };
  }
  throw new CheckoutSetupError(NO_CLIENT_SECRET_MESSAGE);
}

/** Asks the server to start paying for `plan`. Raises on any failure; see `checkoutFailure`. */
export async function startCheckout(plan: Plan): Promise<CheckoutStep> {
  const { route, body } = checkoutCall(plan);
  try {
    return readCheckoutStart(await callApi(route, { body }));
  } catch (error) {
    // A 402 here has already opened the paywall; there is still nothing to pay with.
    if (error instanceof ApiError && isPaymentRequired(error.body)) throw new CheckoutSetupError(NO_CLIENT_SECRET_MESSAGE);
    throw error;
  }
}

/** Maps any failure to start checkout to what the user is told. */
export function checkoutFailure(error: unknown, purchase: Purchase): CheckoutFailure {
  if (purchase === 'subscription' && error instanceof ApiError && error.status === 409) return { kind: 'already-subscribed' };
  return { kind: 'failed', ...SETUP_FAILURE[purchase] };
}
