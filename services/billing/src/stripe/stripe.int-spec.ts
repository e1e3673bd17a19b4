import pg from 'pg';
import Stripe from 'stripe';
import {
  ErrorCode, Subjects, type CheckoutStart, type StartPackPurchaseRequest, type StartSubscriptionRequest,
  type StripeWebhookResult, type ReplyOf, type RequestOf, type Subject,
} from '@lipcast/contracts';
import { startServiceForTest, type RunningService } from '@lipcast/nest-kit';
/* eslint-disable @nx/enforce-module-boundaries -- the payment mails' test starts the built auth and content services beside this one, and reads the mail catcher */
import { caughtMailTo } from '../../../../tools/mail/inbox';
import { pollUntil } from '../../../../tools/lib/poll';
import { startService, type RunningProcess } from '../../../../tools/lib/processes';
/* eslint-enable @nx/enforce-module-boundaries */
import { billingService } from '../service';
import { createStripeClient } from './stripe.client';

/**
 * Stripe purchases end to end below the browser: the billing service over NATS, the Stripe SDK
 * against the local stand-in (STRIPE_API_URL, set by tools/test), and the stand-in's own events
 * delivered here as Stripe would: signed, possibly repeated, possibly out of order.
 */
const env = {
  apiUrl: process.env.STRIPE_API_URL!,
  secretKey: process.env.STRIPE_SECRET_KEY!,
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET!,
};
const stripe = createStripeClient({ STRIPE_SECRET_KEY: env.secretKey, STRIPE_API_URL: env.apiUrl });
const ORIGIN = 'http://lipcast.test';
const GOOD_CARD = '4242424242424242';
const DECLINED_CARD = '4000000000000002';

const newUser = () => crypto.randomUUID();
const sessionIdOf = (start: CheckoutStart) => {
  if (!('url' in start)) throw new Error(`expected a checkout url, got ${JSON.stringify(start)}`);
  return new URL(start.url).pathname.split('/').pop()!;
};

async function standIn(path: string, body: object = {}): Promise<Response> {
  return fetch(`${env.apiUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** The PaymentIntent a paid hosted checkout session made (a pack) or paid (a subscription's first invoice). */
async function paymentOf(start: CheckoutStart): Promise<string> {
  const session = await stripe.checkout.sessions.retrieve(sessionIdOf(start));
  if (session.payment_intent) return session.payment_intent as string;
  const [payment] = (await stripe.invoicePayments.list({ invoice: session.invoice as string })).data;
  return payment.payment.payment_intent as string;
}

/** The card holder's bank disputes the payment (the stand-in's test helper). */
async function dispute(paymentIntentId: string): Promise<void> {
  const charge = (await stripe.paymentIntents.retrieve(paymentIntentId)).latest_charge as string;
  const response = await standIn(`/_standin/charges/${charge}/dispute`, { reason: 'fraudulent' });
  if (!response.ok) throw new Error(`dispute failed: ${response.status} ${await response.text()}`);
}

/** Pays a hosted checkout session as the stand-in's page would. */
async function pay(start: CheckoutStart, card = GOOD_CARD): Promise<Response> {
  return standIn(`/_standin/checkout/sessions/${sessionIdOf(start)}/complete`, { card });
}

function describeBilling(name: string, checkout: 'hosted' | 'embedded', tests: (context: () => BillingContext) => void) {
  describe(name, () => {
    let context: BillingContext;
    beforeAll(async () => {
      process.env.STRIPE_CHECKOUT = checkout;
      context = new BillingContext(await startServiceForTest(billingService));
      await context.skipPastEvents();
    });
    afterAll(async () => {
      delete process.env.STRIPE_CHECKOUT;
      await context.close();
    });
    tests(() => context);
  });
}

class BillingContext {
  private delivered = new Set<string>();

  private readonly database: pg.Pool;

  constructor(readonly running: RunningService) {
    this.database = new pg.Pool({ connectionString: running.settings.DATABASE_URL, max: 1 });
  }

  async query<T>(sql: string, params: unknown[]): Promise<T[]> {
    return (await this.database.query(sql, params)).rows as T[];
  }

  async close(): Promise<void> {
    await this.database.end();
    await this.running.close();
  }

  send<S extends Subject>(subject: S, data: RequestOf<S>): Promise<ReplyOf<S>> {
    return this.running.client.send(subject, data, 30_000);
  }

  account = (userId: string) => this.send(Subjects.billing.accountGet, { userId });
  plans = () => this.send(Subjects.billing.plansList, {});
  reserve = (userId: string) => this.send(Subjects.billing.creditsReserve, { userId, jobId: `job-${crypto.randomUUID()}` });

  async startSubscription(userId: string): Promise<CheckoutStart> {
    const monthly = (await this.plans()).find((plan) => plan.interval === 'month')!;
    const request: StartSubscriptionRequest = { userId, email: `${userId}@example.com`, origin: ORIGIN, priceId: monthly.stripePriceId!, planName: monthly.name };
    return this.send(Subjects.billing.subscriptionCreate, request);
  }

  startPack(userId: string, generations = 15): Promise<CheckoutStart> {
    const request: StartPackPurchaseRequest = { userId, email: null, origin: ORIGIN, generations };
    return this.send(Subjects.billing.packCheckout, request);
  }

  /** A delivery of `event` as Stripe signs it (`secret` and `timestamp` to forge or age it). */
  deliver(event: Stripe.Event, options: { secret?: string; timestamp?: number } = {}): Promise<StripeWebhookResult> {
    const payload = JSON.stringify(event);
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? env.webhookSecret, timestamp: options.timestamp });
    return this.send(Subjects.billing.stripeWebhook, { payload, signature });
  }

  /** The stand-in's events not yet delivered by this test, oldest first. */
  async newEvents(): Promise<Stripe.Event[]> {
    const { data } = await stripe.events.list({ limit: 100 });
    return data.filter((event) => !this.delivered.has(event.id)).reverse();
  }

  async skipPastEvents(): Promise<void> {
    for (const event of await this.newEvents()) this.delivered.add(event.id);
  }

  /** Delivers every new event (in the given order; oldest first by default). */
  async deliverNew(order: (events: Stripe.Event[]) => Stripe.Event[] = (events) => events): Promise<Stripe.Event[]> {
    const events = order(await this.newEvents());
    for (const event of events) {
      await this.deliver(event);
      this.delivered.add(event.id);
    }
    return events;
  }
}

describeBilling('billing with Stripe Checkout (hosted)', 'hosted', (context) => {
  it('keeps each plan\'s Stripe price id, found by lookup key', async () => {
    const plans = await context().plans();
    expect(plans.map(({ interval, price, stripePriceId }) => ({ interval, price, priceId: stripePriceId?.slice(0, 6) }))).toEqual([
      { interval: 'month', price: 2900, priceId: 'price_' },
      { interval: 'once', price: 2000, priceId: 'price_' },
    ]);
    const monthly = await stripe.prices.retrieve(plans[0].stripePriceId!);
    expect(monthly).toMatchObject({ unit_amount: 2900, currency: 'usd', recurring: { interval: 'month' }, lookup_key: 'lipcast_premium_monthly' });
  });

  it('makes a free user premium for one month once Stripe reports the paid checkout, not before', async () => {
    const user = newUser();
    const start = await context().startSubscription(user);
    expect('url' in start && start.url).toMatch(new RegExp(`^${env.apiUrl}/checkout/cs_`));
    expect((await pay(start)).ok).toBe(true);
    expect(await context().account(user)).toMatchObject({ subscriptionStatus: null });

    const events = await context().deliverNew();
    expect(events.map((event) => event.type)).toEqual(expect.arrayContaining(['checkout.session.completed', 'invoice.paid']));
    const account = await context().account(user);
    expect(account).toMatchObject({ subscriptionStatus: 'active', subscriptionPlan: 'Premium', subscriptionCancelAtPeriodEnd: false });
    const daysLeft = (Date.parse(account.subscriptionPeriodEnd!) - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(27);
    expect(daysLeft).toBeLessThan(32);
    await expect(context().startSubscription(user)).rejects.toMatchObject({ code: ErrorCode.Conflict });
  });

  it('refuses a price that is not the monthly plan\'s', async () => {
    const request: StartSubscriptionRequest = { userId: newUser(), email: null, origin: ORIGIN, priceId: 'price_unknown' };
    await expect(context().send(Subjects.billing.subscriptionCreate, request)).rejects.toMatchObject({ code: ErrorCode.Validation });
    await expect(context().startPack(newUser(), 14)).rejects.toMatchObject({ code: ErrorCode.Validation, message: 'Extra generations come in packs of 15' });
  });

  it('grants nothing for a declined card', async () => {
    const user = newUser();
    const start = await context().startPack(user);
    expect((await pay(start, DECLINED_CARD)).status).toBe(402);
    await context().deliverNew();
    expect(await context().account(user)).toMatchObject({ extraGenerations: 0 });
  });

  it('grants a pack once however often and through however many events Stripe announces it', async () => {
    const user = newUser();
    await pay(await context().startPack(user));
    const events = await context().newEvents();
    expect(events.map((event) => event.type)).toEqual(expect.arrayContaining(['checkout.session.completed', 'payment_intent.succeeded']));
    const results: StripeWebhookResult[] = [];
    for (let round = 0; round < 10; round++) for (const event of events) results.push(await context().deliver(event));
    await context().skipPastEvents();
    expect(results.filter((result) => !result.duplicate)).toHaveLength(events.length);
    expect(await context().account(user)).toMatchObject({ extraGenerations: 15, generationsCount: 0 });
  });

  it('takes back a refunded pack: the extra generations return to what they were before it', async () => {
    const user = newUser();
    await pay(await context().startPack(user));
    const second = await context().startPack(user);
    await pay(second);
    await context().deliverNew();
    expect(await context().account(user)).toMatchObject({ extraGenerations: 30 });

    await stripe.refunds.create({ payment_intent: await paymentOf(second) });
    const events = await context().deliverNew();
    expect(events.map((event) => event.type)).toContain('charge.refunded');
    expect(await context().account(user)).toMatchObject({ extraGenerations: 15, generationsCount: 0 });
  });

  it('revokes a disputed pack down to zero at most: generations already used stay used', async () => {
    const user = newUser();
    const start = await context().startPack(user);
    await pay(start);
    await context().deliverNew();
    for (let index = 0; index < 3 + 5; index++) {
      const reservation = await context().reserve(user);
      await context().send(Subjects.billing.creditsCommit, { jobId: reservation.jobId });
    }
    expect(await context().account(user)).toMatchObject({ generationsCount: 8, extraGenerations: 10 });

    await dispute(await paymentOf(start));
    const events = await context().deliverNew();
    expect(events.map((event) => event.type)).toContain('charge.dispute.created');
    expect(await context().account(user)).toMatchObject({ generationsCount: 8, extraGenerations: 0 });
    const [grant] = await context().query<{ revoked_at: Date | null; revoked_credits: number }>(
      'select revoked_at, revoked_credits from billing.pack_grant where payment_id = $1',
      [await paymentOf(start)],
    );
    expect(grant).toMatchObject({ revoked_at: expect.any(Date), revoked_credits: 10 });
    await expect(context().reserve(user)).rejects.toMatchObject({ code: ErrorCode.PaymentRequired });
  });

  it('revokes a pack once however often, and through however many events, its refund is announced', async () => {
    const user = newUser();
    await pay(await context().startPack(user));
    const refunded = await context().startPack(user);
    await pay(refunded);
    const purchaseEvents = await context().deliverNew();
    const paymentId = await paymentOf(refunded);
    await stripe.refunds.create({ payment_intent: paymentId });
    await dispute(paymentId); // a bank may still act on a refunded charge
    const takenBack = await context().deliverNew();
    expect(takenBack.map((event) => event.type)).toEqual(expect.arrayContaining(['charge.refunded', 'charge.dispute.created']));
    expect(await context().account(user)).toMatchObject({ extraGenerations: 15 });

    // The same events again, and as Stripe might resend them under new event ids, with the purchase's own events.
    const results: StripeWebhookResult[] = [];
    for (let round = 0; round < 5; round++) {
      for (const event of [...takenBack, ...purchaseEvents]) {
        results.push(await context().deliver(event));
        results.push(await context().deliver({ ...event, id: `evt_resent_${round}_${event.id}` }));
      }
    }
    expect(results.filter((result) => result.duplicate)).toHaveLength(results.length / 2);
    expect(await context().account(user)).toMatchObject({ extraGenerations: 15 });
  });

  it('never grants a pack whose refund is applied before its payment', async () => {
    const user = newUser();
    const start = await context().startPack(user);
    await pay(start);
    await stripe.refunds.create({ payment_intent: await paymentOf(start) });
    const events = await context().deliverNew((all) => [...all].reverse());
    expect(events[0].type).toBe('charge.refunded');
    expect(await context().account(user)).toMatchObject({ extraGenerations: 0 });
  });

  it('ends Premium when the invoice paying the current period is refunded (cancelling at Stripe once)', async () => {
    const user = newUser();
    const start = await context().startSubscription(user);
    await pay(start);
    await context().deliverNew();
    expect(await context().account(user)).toMatchObject({ subscriptionStatus: 'active' });

    await stripe.refunds.create({ payment_intent: await paymentOf(start) });
    const events = await context().deliverNew();
    const refundEvent = events.find((event) => event.type === 'charge.refunded')!;
    expect(await context().account(user)).toMatchObject({ subscriptionStatus: 'canceled' });
    const [subscription] = (await stripe.subscriptions.list({ customer: await customerOf(user), status: 'all' })).data;
    expect(subscription.status).toBe('canceled');
    await expect(context().reserve(user)).resolves.toMatchObject({ source: 'free' });

    // Replays (and the cancellation's own event) change nothing more and fail nothing.
    await context().deliverNew();
    for (let round = 0; round < 3; round++) await context().deliver({ ...refundEvent, id: `evt_resent_${round}_${refundEvent.id}` });
    expect(await context().account(user)).toMatchObject({ subscriptionStatus: 'canceled' });
  });

  it('ends Premium when the current invoice is disputed, but not for a refund of an older period', async () => {
    const disputed = newUser();
    const start = await context().startSubscription(disputed);
    await pay(start);
    await dispute(await paymentOf(start));
    await context().deliverNew();
    expect(await context().account(disputed)).toMatchObject({ subscriptionStatus: 'canceled' });

    const renewed = newUser();
    const first = await context().startSubscription(renewed);
    await pay(first);
    const subscriptionId = (await stripe.subscriptions.list({ customer: await customerOf(renewed), limit: 1 })).data[0].id;
    expect((await standIn(`/_standin/subscriptions/${subscriptionId}/renew`)).ok).toBe(true);
    await stripe.refunds.create({ payment_intent: await paymentOf(first) });
    await context().deliverNew();
    expect(await context().account(renewed)).toMatchObject({ subscriptionStatus: 'active' });
  });

  it('refuses forged and stale signatures and changes nothing', async () => {
    const user = newUser();
    await pay(await context().startPack(user));
    const events = await context().newEvents();
    for (const event of events) {
      await expect(context().deliver(event, { secret: 'whsec_forged' })).rejects.toMatchObject({ code: ErrorCode.Validation });
      await expect(context().deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 600 })).rejects.toMatchObject({ code: ErrorCode.Validation });
    }
    expect(await context().account(user)).toMatchObject({ extraGenerations: 0 });
    await context().deliverNew();
    expect(await context().account(user)).toMatchObject({ extraGenerations: 15 });
  });

  it('ends where Stripe ends whatever order the subscription events arrive in', async () => {
    const user = newUser();
    await pay(await context().startSubscription(user));
    const subscriptionId = (await stripe.subscriptions.list({ customer: await customerOf(user), limit: 1 })).data[0].id;
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    await stripe.subscriptions.cancel(subscriptionId);
    // Newest first: "deleted" arrives before "created", "paid" and "completed".
    const events = await context().deliverNew((all) => [...all].reverse());
    expect(events[0].type).toBe('customer.subscription.deleted');
    expect(await context().account(user)).toMatchObject({ subscriptionStatus: 'canceled' });
  });

  it('does not let a late event of an old subscription end a newer one', async () => {
    const user = newUser();
    await pay(await context().startSubscription(user));
    const customer = await customerOf(user);
    const old = (await stripe.subscriptions.list({ customer, limit: 1 })).data[0].id;
    await stripe.subscriptions.cancel(old);
    const cancelled = await context().newEvents();
    await context().skipPastEvents();
    await context().send(Subjects.billing.subscriptionSync, { userId: user });
    await pay(await context().startSubscription(user));
    await context().deliverNew();
    expect(await context().account(user)).toMatchObject({ subscriptionStatus: 'active' });
    for (const event of cancelled) await context().deliver(event);
    expect(await context().account(user)).toMatchObject({ subscriptionStatus: 'active' });
  });

  it('resets the 60 generations when a new period is paid, and uses packs after the allowance', async () => {
    const user = newUser();
    await pay(await context().startSubscription(user));
    await context().deliverNew();
    for (let index = 0; index < 60; index++) {
      const reservation = await context().reserve(user);
      await context().send(Subjects.billing.creditsCommit, { jobId: reservation.jobId });
    }
    await expect(context().reserve(user)).rejects.toMatchObject({ code: ErrorCode.PaymentRequired, details: { limit: 60, requiresAdditionalOnly: true } });

    await pay(await context().startPack(user));
    await context().deliverNew();
    expect(await context().reserve(user)).toMatchObject({ source: 'pack' });

    const subscriptionId = (await stripe.subscriptions.list({ customer: await customerOf(user), limit: 1 })).data[0].id;
    expect((await standIn(`/_standin/subscriptions/${subscriptionId}/renew`)).ok).toBe(true);
    await context().deliverNew();
    expect(await context().reserve(user)).toMatchObject({ source: 'period' });
    expect(await context().account(user)).toMatchObject({ generationsCount: 0, extraGenerations: 14 });
  });

  it('cancels at the period end and keeps the plan until then', async () => {
    const user = newUser();
    await pay(await context().startSubscription(user));
    await context().deliverNew();
    const before = await context().account(user);
    const after = await context().send(Subjects.billing.subscriptionCancel, { userId: user });
    expect(after).toMatchObject({ subscriptionStatus: 'active', subscriptionCancelAtPeriodEnd: true, subscriptionPeriodEnd: before.subscriptionPeriodEnd });
    expect(await context().reserve(user)).toMatchObject({ source: 'period' });
    await expect(context().send(Subjects.billing.subscriptionCancel, { userId: newUser() })).rejects.toMatchObject({ code: ErrorCode.NotFound });
  });

  it('deleting the account ends the subscription at Stripe at once and keeps the ledger under an anonymous id', async () => {
    const user = newUser();
    await pay(await context().startSubscription(user));
    await context().deliverNew();
    const reservation = await context().reserve(user);
    const [customer] = await context().query<{ stripe_customer_id: string }>('select stripe_customer_id from billing.customer where user_id = $1', [user]);

    expect(await context().send(Subjects.billing.accountDelete, { userId: user })).toEqual({ deleted: true });
    const { data } = await stripe.subscriptions.list({ customer: customer.stripe_customer_id, status: 'all' });
    expect(data.map((subscription) => subscription.status)).toEqual(['canceled']);
    expect(await context().query('select 1 from billing.account where user_id = $1', [user])).toEqual([]);
    expect(await context().query('select 1 from billing.customer where user_id = $1', [user])).toEqual([]);
    // The ledger stays, for accounting, under an id that names nobody.
    const [kept] = await context().query<{ user_id: string }>('select user_id from billing.reservation where job_id = $1', [reservation.jobId]);
    expect(kept.user_id).not.toBe(user);
    expect(await context().query('select 1 from billing.account where user_id = $1 and subscription_status is not null', [kept.user_id])).toHaveLength(1);
    expect(await context().query('select 1 from billing.customer where user_id = $1 and stripe_customer_id = $2', [kept.user_id, customer.stripe_customer_id])).toHaveLength(1);
    // Again (a retry): nothing left to do, no error.
    expect(await context().send(Subjects.billing.accountDelete, { userId: user })).toEqual({ deleted: true });
  });

  it('syncs a subscription straight from Stripe (the success page) without granting packs', async () => {
    const user = newUser();
    await pay(await context().startSubscription(user));
    const synced = await context().send(Subjects.billing.subscriptionSync, { userId: user });
    expect(synced).toMatchObject({ subscriptionStatus: 'active', extraGenerations: 0 });
    await context().skipPastEvents();
  });

  /** The Stripe customer the service made for a user (found through the metadata we set). */
  async function customerOf(userId: string): Promise<string> {
    const created = await context().send(Subjects.billing.customerCreate, { userId, email: null, origin: ORIGIN });
    return created.customerId;
  }
});

describeBilling('billing with the embedded payment form', 'embedded', (context) => {
  it('answers client secrets; confirmed payments make the user premium and add a pack', async () => {
    const user = newUser();
    const subscription = await context().startSubscription(user);
    expect('clientSecret' in subscription && subscription.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    const paymentIntentOf = (start: CheckoutStart) => ('clientSecret' in start ? start.clientSecret.split('_secret_')[0] : '');
    await stripe.paymentIntents.confirm(paymentIntentOf(subscription), { payment_method: 'pm_card_visa' });

    const pack = await context().startPack(user);
    await expect(stripe.paymentIntents.confirm(paymentIntentOf(pack), { payment_method: 'pm_card_chargeDeclined' })).rejects.toMatchObject({
      type: 'StripeCardError',
      code: 'card_declined',
    });
    await stripe.paymentIntents.confirm(paymentIntentOf(pack), { payment_method: 'pm_card_visa' });

    await context().deliverNew();
    expect(await context().account(user)).toMatchObject({ subscriptionStatus: 'active', extraGenerations: 15 });
  });

  it('tells the browser to use the embedded form', async () => {
    expect(await context().send(Subjects.billing.stripeConfig, {})).toEqual({ publishableKey: null, checkout: 'embedded' });
  });
});

describeBilling('billing\'s payment mails (sent by content, to the local mail catcher)', 'hosted', (context) => {
  const others: RunningProcess[] = [];
  const mailTo = (address: string) => caughtMailTo(address);

  beforeAll(async () => {
    // Built processes: their migrations and start-up take longer than a hook's default 5 s.
    others.push(...(await Promise.all([startService('auth'), startService('content')])));
  }, 60_000);
  afterAll(async () => {
    for (const service of others) await service.stop();
  });

  it('mails "15 extra generations added" once per pack and "Premium is active" once per subscription', async () => {
    const name = `buyer-${crypto.randomUUID().slice(0, 8)}`;
    const user = await context().send(Subjects.auth.userUpsert, { issuer: 'https://idp.test', subject: name, username: name, email: `${name}@example.com` });
    await pay(await context().startPack(user.id));
    const packEvents = await context().newEvents();
    for (let round = 0; round < 3; round++) for (const event of packEvents) await context().deliver(event);
    await context().skipPastEvents();
    await pollUntil(async () => (await mailTo(user.email!)).length === 1, 10_000);

    await pay(await context().startSubscription(user.id));
    await context().deliverNew();
    await context().send(Subjects.billing.subscriptionSync, { userId: user.id });
    const mails = await pollUntil(async () => {
      const all = await mailTo(user.email!);
      return all.length === 2 && all;
    }, 10_000);
    expect(mails.map((mail) => mail.subject).sort()).toEqual(['15 extra generations added', 'Premium is active']);
    expect(mails.find((mail) => mail.subject === 'Premium is active')!.text).toContain('Premium is active');
  });
});
