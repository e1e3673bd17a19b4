import type Stripe from 'stripe';
import { currentSubscription, invoiceSubscriptionId, isLive, subscriptionState } from './subscription-state';

const subscription = (overrides: Partial<Stripe.Subscription> = {}): Stripe.Subscription =>
  ({
    id: 'sub_1',
    customer: 'cus_1',
    status: 'active',
    created: 100,
    cancel_at_period_end: false,
    cancel_at: null,
    metadata: { userId: 'u1' },
    items: { object: 'list', data: [{ price: { id: 'price_1' }, current_period_start: 1_700_000_000, current_period_end: 1_702_592_000 }] },
    ...overrides,
  }) as unknown as Stripe.Subscription;

describe(subscriptionState.name, () => {
  it('reads the period from the subscription item (API versions since 2025-03-31)', () => {
    expect(subscriptionState(subscription())).toEqual({
      subscriptionId: 'sub_1',
      customerId: 'cus_1',
      status: 'active',
      priceId: 'price_1',
      periodStart: new Date(1_700_000_000_000),
      periodEnd: new Date(1_702_592_000_000),
      cancelAtPeriodEnd: false,
      userId: 'u1',
    });
  });

  it('treats a scheduled cancel as cancelling at the period end and reads expanded customers', () => {
    const state = subscriptionState(subscription({ cancel_at: 1_702_592_000, customer: { id: 'cus_2' } as Stripe.Customer, metadata: {} }));
    expect(state).toMatchObject({ cancelAtPeriodEnd: true, customerId: 'cus_2', userId: null });
  });
});

describe(invoiceSubscriptionId.name, () => {
  it('finds the subscription under parent.subscription_details', () => {
    const invoice = { parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_9' } } } as unknown as Stripe.Invoice;
    expect(invoiceSubscriptionId(invoice)).toBe('sub_9');
    expect(invoiceSubscriptionId({ parent: null } as unknown as Stripe.Invoice)).toBeNull();
  });
});

describe(currentSubscription.name, () => {
  it('prefers the newest live subscription, else the newest', () => {
    const old = subscription({ id: 'old', created: 1, status: 'active' });
    const newer = subscription({ id: 'newer', created: 2, status: 'canceled' });
    expect(currentSubscription([newer, old])?.id).toBe('old');
    expect(currentSubscription([old, newer].map((item) => ({ ...item, status: 'canceled' as const })))?.id).toBe('newer');
    expect(currentSubscription([])).toBeNull();
    expect(isLive(subscription({ status: 'past_due' }))).toBe(true);
    expect(isLive(subscription({ status: 'incomplete' }))).toBe(false);
  });
});
