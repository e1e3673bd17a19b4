import type Stripe from 'stripe';

/** Statuses in which the customer has paid (or is being retried) and keeps the plan. */
const LIVE_STATUSES: ReadonlySet<Stripe.Subscription.Status> = new Set(['active', 'trialing', 'past_due']);

export const isLive = (subscription: Pick<Stripe.Subscription, 'status'>) => LIVE_STATUSES.has(subscription.status);

/** What an account keeps of a Stripe subscription. */
export interface SubscriptionState {
  subscriptionId: string;
  customerId: string;
  status: Stripe.Subscription.Status;
  priceId: string | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** Set by us on every subscription we create. */
  userId: string | null;
}

const fromUnix = (seconds: number | null | undefined) => (typeof seconds === 'number' ? new Date(seconds * 1000) : null);
/** The id of a Stripe reference, whether expanded (an object) or not (the id). */
export const stripeId = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/** Since API version 2025-03-31 the billing period lives on each item, not on the subscription. */
export function subscriptionState(subscription: Stripe.Subscription): SubscriptionState {
  const item = subscription.items.data[0];
  return {
    subscriptionId: subscription.id,
    customerId: stripeId(subscription.customer)!,
    status: subscription.status,
    priceId: item?.price.id ?? null,
    periodStart: fromUnix(item?.current_period_start),
    periodEnd: fromUnix(item?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    userId: subscription.metadata?.userId || null,
  };
}

/** Since API version 2025-03-31 an invoice names its subscription under `parent.subscription_details`. */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  return stripeId(invoice.parent?.subscription_details?.subscription);
}

/** The subscription an account should follow: a live one (newest first), else the newest. */
export function currentSubscription<T extends Pick<Stripe.Subscription, 'status' | 'created'>>(subscriptions: readonly T[]): T | null {
  const newestFirst = [...subscriptions].sort((a, b) => b.created - a.created);
  return newestFirst.find(isLive) ?? newestFirst[0] ?? null;
}
