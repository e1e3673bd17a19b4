import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { startStripeStandIn, type StripeStandIn } from './stand-in.ts';
import { pollUntil as waitFor } from '../lib/poll.ts';

const WEBHOOK_SECRET = 'whsec_stand_in_tests';
const API_VERSION = '2026-10-28.endive';
const SUCCESS_URL = 'http://app.test/billing/success?session_id={CHECKOUT_SESSION_ID}';
const CANCEL_URL = 'http://app.test/pricing';

interface Delivery {
  event: Stripe.Event;
  status: number;
}

/** A webhook endpoint that verifies every delivery with the SDK and answers what `respond` says. */
class Receiver {
  readonly deliveries: Delivery[] = [];
  respond: (event: Stripe.Event) => number = () => 200;
  private readonly server: Server;

  constructor(stripe: Stripe) {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const payload = Buffer.concat(chunks).toString('utf8');
        try {
          const event = stripe.webhooks.constructEvent(payload, String(req.headers['stripe-signature']), WEBHOOK_SECRET);
          const status = this.respond(event);
          this.deliveries.push({ event, status });
          res.writeHead(status).end();
        } catch {
          res.writeHead(400).end('bad signature');
        }
      });
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/stripe/webhook`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  /** Waits for a delivered event of that type about the object `objectId`. */
  async event<T extends Stripe.Event['type']>(type: T, objectId: string): Promise<Extract<Stripe.Event, { type: T }>> {
    const found = await waitFor(() =>
      this.deliveries.find(({ event, status }) => status === 200 && event.type === type && (event.data.object as { id?: string }).id === objectId),
    );
    return found.event as Extract<Stripe.Event, { type: T }>;
  }
}


const sdk = (standIn: StripeStandIn, key = standIn.secretKey) =>
  new Stripe(key, { host: standIn.host, port: standIn.port, protocol: 'http', apiVersion: API_VERSION, maxNetworkRetries: 0 });

describe('Stripe stand-in', () => {
  let standIn: StripeStandIn;
  let stripe: Stripe;
  let receiver: Receiver;
  let stateDir: string;
  let monthlyPrice: Stripe.Price;
  let packPrice: Stripe.Price;

  beforeAll(async () => {
    stateDir = mkdtempSync(join(tmpdir(), 'stripe-stand-in-'));
    receiver = new Receiver(new Stripe('sk_test_unused'));
    const webhookUrl = await receiver.start();
    standIn = await startStripeStandIn({ port: 0, webhookUrl, webhookSecret: WEBHOOK_SECRET, retryDelaysMs: [50, 100] });
    stripe = sdk(standIn);
    monthlyPrice = await stripe.prices.create({
      currency: 'usd',
      unit_amount: 2900,
      recurring: { interval: 'month' },
      product_data: { name: 'Lipcast Premium' },
      lookup_key: 'premium_monthly',
    });
    packPrice = await stripe.prices.create({ currency: 'usd', unit_amount: 2000, product_data: { name: '15 extra generations' }, lookup_key: 'pack_15' });
  });

  afterAll(async () => {
    await standIn.stop();
    await receiver.stop();
    rmSync(stateDir, { recursive: true, force: true });
  });

  beforeEach(() => {
    receiver.respond = () => 200;
  });

  const subscribeThroughCheckout = async (customer: Stripe.Customer) => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: 'user-1',
      line_items: [{ price: monthlyPrice.id, quantity: 1 }],
      success_url: SUCCESS_URL,
      cancel_url: CANCEL_URL,
      metadata: { userId: 'user-1' },
      subscription_data: { metadata: { userId: 'user-1' } },
    });
    const response = await fetch(`${standIn.url}/_standin/checkout/sessions/${session.id}/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ card: '4242 4242 4242 4242' }),
    });
    expect(response.status).toBe(200);
    const completed = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    return { session: completed, subscription: completed.subscription as Stripe.Subscription };
  };

  it('creates customers and prices, replaying a request sent again with the same idempotency key', async () => {
    const email = 'ada@lipcast.test';
    const first = await stripe.customers.create({ email, name: 'Ada', metadata: { userId: 'ada' } }, { idempotencyKey: 'create-ada' });
    const again = await stripe.customers.create({ email, name: 'Ada', metadata: { userId: 'ada' } }, { idempotencyKey: 'create-ada' });
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({ object: 'customer', email, name: 'Ada', metadata: { userId: 'ada' }, livemode: false });
    expect(first.id).toMatch(/^cus_/);
    expect((await stripe.customers.list({ email })).data.map((customer) => customer.id)).toEqual([first.id]);

    const replayed = await fetch(`${standIn.url}/v1/customers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${standIn.secretKey}`, 'idempotency-key': 'create-ada', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=ada%40lipcast.test&name=Ada&metadata[userId]=ada',
    });
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(((await replayed.json()) as Stripe.Customer).id).toBe(first.id);
    await expect(stripe.customers.create({ email: 'other@lipcast.test' }, { idempotencyKey: 'create-ada' })).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
    });

    const price = await stripe.prices.create({ currency: 'usd', unit_amount: 500, product_data: { name: 'Tip' } }, { idempotencyKey: 'tip-price' });
    expect((await stripe.prices.create({ currency: 'usd', unit_amount: 500, product_data: { name: 'Tip' } }, { idempotencyKey: 'tip-price' })).id).toBe(
      price.id,
    );
    expect(price).toMatchObject({ object: 'price', type: 'one_time', recurring: null, unit_amount: 500, currency: 'usd', active: true });
    expect((await stripe.products.retrieve(price.product as string)).name).toBe('Tip');
  });

  it('finds prices by lookup key, and moves a lookup key only when asked to', async () => {
    const found = await stripe.prices.list({ lookup_keys: ['premium_monthly', 'pack_15'], active: true, expand: ['data.product'] });
    expect(found).toMatchObject({ object: 'list', has_more: false });
    expect(found.data.map((price) => price.lookup_key).sort()).toEqual(['pack_15', 'premium_monthly']);
    const premium = found.data.find((price) => price.lookup_key === 'premium_monthly')!;
    expect(premium).toMatchObject({ id: monthlyPrice.id, unit_amount: 2900, recurring: { interval: 'month', interval_count: 1 } });
    expect((premium.product as Stripe.Product).name).toBe('Lipcast Premium');

    await expect(stripe.prices.create({ currency: 'usd', unit_amount: 100, product: packPrice.product as string, lookup_key: 'pack_15' })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'lookup_key',
    });
    const moved = await stripe.prices.create({
      currency: 'usd',
      unit_amount: 1900,
      product: packPrice.product as string,
      lookup_key: 'pack_15',
      transfer_lookup_key: true,
    });
    expect((await stripe.prices.list({ lookup_keys: ['pack_15'] })).data.map((price) => price.id)).toEqual([moved.id]);
    expect((await stripe.prices.retrieve(packPrice.id)).lookup_key).toBeNull();

    // Lists page with limit and starting_after, so the SDK's auto-pagination ends.
    const everyPrice = (await stripe.prices.list({ limit: 100 })).data.map((price) => price.id);
    expect(everyPrice.length).toBeGreaterThan(2);
    expect((await stripe.prices.list({ limit: 1 }).autoPagingToArray({ limit: 100 })).map((price) => price.id)).toEqual(everyPrice);
  });

  it('subscribes through a checkout session completed by the JSON helper, and delivers the signed events', async () => {
    const customer = await stripe.customers.create({ email: 'grace@lipcast.test' });
    const { session, subscription } = await subscribeThroughCheckout(customer);
    expect(session).toMatchObject({ status: 'complete', payment_status: 'paid', mode: 'subscription', customer: customer.id, url: null, amount_total: 2900 });
    expect(subscription).toMatchObject({ status: 'active', customer: customer.id, cancel_at_period_end: false, metadata: { userId: 'user-1' } });
    const [item] = subscription.items.data;
    expect(item.price.id).toBe(monthlyPrice.id);
    expect(item.current_period_end).toBeGreaterThan(item.current_period_start + 27 * 86_400);

    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string);
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_paid: 2900,
      billing_reason: 'subscription_create',
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: { userId: 'user-1' } } },
    });
    expect(invoice).not.toHaveProperty('subscription');
    expect(invoice).not.toHaveProperty('payment_intent');

    const completed = await receiver.event('checkout.session.completed', session.id);
    expect(completed.data.object).toMatchObject({ client_reference_id: 'user-1', subscription: subscription.id, metadata: { userId: 'user-1' } });
    expect(completed.api_version).toBe(API_VERSION);
    const paid = await receiver.event('invoice.paid', invoice.id);
    expect(paid.data.object.parent?.subscription_details?.subscription).toBe(subscription.id);
    const created = await receiver.event('customer.subscription.created', subscription.id);
    expect(created.data.object.status).toBe('active');
  });

  it('serves the hosted checkout page; paying on it redirects to the success URL with the session id', async () => {
    const customer = await stripe.customers.create({ email: 'page@lipcast.test' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: monthlyPrice.id, quantity: 1 }],
      success_url: SUCCESS_URL,
      cancel_url: CANCEL_URL,
    });
    expect(session.url).toBe(`${standIn.url}/checkout/${session.id}`);
    const page = await fetch(session.url!);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('<title>Pay Lipcast — Lipcast test checkout</title>');
    expect(html).toContain('Lipcast Premium');
    expect(html).toContain('$29.00 per month');
    expect(html).toContain('<label for="card">Card number</label>');
    expect(html).toContain('<button type="submit">Pay</button>');
    expect(html).toContain(`<a class="back" href="${CANCEL_URL}">Cancel</a>`);

    const pay = () => fetch(session.url!, { method: 'POST', body: new URLSearchParams({ card: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' }), redirect: 'manual' });
    const paid = await pay();
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://app.test/billing/success?session_id=${session.id}`);
    expect((await fetch(session.url!).then((response) => response.text()))).toContain('This checkout session is already paid.');
    expect((await pay()).status).toBe(409);
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toHaveLength(1);
  });

  it('re-shows the page with "Your card was declined." for 4000 0000 0000 0002 and charges nothing', async () => {
    const customer = await stripe.customers.create({ email: 'declined@lipcast.test' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: monthlyPrice.id, quantity: 1 }],
      success_url: SUCCESS_URL,
      cancel_url: CANCEL_URL,
    });
    const declined = await fetch(session.url!, { method: 'POST', body: new URLSearchParams({ card: '4000 0000 0000 0002' }), redirect: 'manual' });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('role="alert">Your card was declined.</p>');
    const invalid = await fetch(session.url!, { method: 'POST', body: new URLSearchParams({ card: '1234' }), redirect: 'manual' });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain('role="alert">Your card number is invalid.</p>');

    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: 'open', payment_status: 'unpaid', subscription: null });
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toHaveLength(0);
  });

  it('takes a one-time payment through checkout, with the payment intent metadata', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price: packPrice.id, quantity: 1 }],
      success_url: SUCCESS_URL,
      payment_intent_data: { metadata: { userId: 'user-2', pack: '15' } },
    });
    expect(await fetch(session.url!).then((response) => response.text())).toContain('$20.00</span>');
    await fetch(`${standIn.url}/_standin/checkout/sessions/${session.id}/complete`, { method: 'POST', body: new URLSearchParams({ card: '4242424242424242' }) });
    const completed = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent', 'line_items'] });
    expect(completed.payment_intent).toMatchObject({ status: 'succeeded', amount_received: 2000, metadata: { userId: 'user-2', pack: '15' } });
    expect(completed.line_items?.data[0]).toMatchObject({ description: '15 extra generations', quantity: 1, amount_total: 2000 });
    await receiver.event('payment_intent.succeeded', (completed.payment_intent as Stripe.PaymentIntent).id);
  });

  it('activates a default_incomplete subscription when its invoice payment intent is confirmed', async () => {
    const customer = await stripe.customers.create({ email: 'embedded@lipcast.test' });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: monthlyPrice.id }],
      metadata: { userId: 'embedded' },
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: ['latest_invoice.confirmation_secret'],
    });
    expect(subscription.status).toBe('incomplete');
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: 'open', amount_due: 2900, confirmation_secret: { type: 'payment_intent' } });
    const clientSecret = invoice.confirmation_secret!.client_secret;
    expect(clientSecret).toMatch(/^pi_\w+_secret_\w+$/);

    const paymentIntent = await stripe.paymentIntents.confirm(clientSecret.split('_secret_')[0], { payment_method: 'pm_card_visa' });
    expect(paymentIntent).toMatchObject({ status: 'succeeded', amount_received: 2900, client_secret: clientSecret });
    const active = await stripe.subscriptions.retrieve(subscription.id);
    expect(active.status).toBe('active');
    expect(active.default_payment_method).toBe(paymentIntent.payment_method);
    expect((await stripe.invoices.retrieve(invoice.id)).status).toBe('paid');
    const updated = await receiver.event('customer.subscription.updated', subscription.id);
    expect(updated.data.previous_attributes).toMatchObject({ status: 'incomplete' });

    await expect(stripe.invoices.retrieve(invoice.id, { expand: ['payment_intent'] })).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'expand' });
  });

  it('declines pm_card_chargeDeclined with a StripeCardError', async () => {
    const paymentIntent = await stripe.paymentIntents.create({ amount: 2000, currency: 'usd', automatic_payment_methods: { enabled: true }, metadata: { pack: '15' } });
    expect(paymentIntent).toMatchObject({ status: 'requires_payment_method', client_secret: expect.stringMatching(/^pi_\w+_secret_\w+$/) });
    const error = await stripe.paymentIntents.confirm(paymentIntent.id, { payment_method: 'pm_card_chargeDeclined' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' });
    expect(await stripe.paymentIntents.retrieve(paymentIntent.id)).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined', decline_code: 'generic_decline' },
    });
    await receiver.event('payment_intent.payment_failed', paymentIntent.id);
  });

  it('refunds a whole payment once (by payment intent or charge) and delivers a signed charge.refunded', async () => {
    const paymentIntent = await stripe.paymentIntents.create({ amount: 2000, currency: 'usd', metadata: { kind: 'pack' } });
    const paid = await stripe.paymentIntents.confirm(paymentIntent.id, { payment_method: 'pm_card_visa' });
    const chargeId = paid.latest_charge as string;
    expect(await stripe.charges.retrieve(chargeId)).toMatchObject({
      object: 'charge',
      payment_intent: paymentIntent.id,
      amount: 2000,
      amount_refunded: 0,
      refunded: false,
      disputed: false,
      paid: true,
      status: 'succeeded',
      metadata: { kind: 'pack' },
    });
    expect((await stripe.charges.list({ payment_intent: paymentIntent.id })).data.map((charge) => charge.id)).toEqual([chargeId]);
    await receiver.event('charge.succeeded', chargeId);

    await expect(stripe.refunds.create({ payment_intent: paymentIntent.id, amount: 500 })).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'amount' });
    const refund = await stripe.refunds.create({ payment_intent: paymentIntent.id, reason: 'requested_by_customer' });
    expect(refund).toMatchObject({ object: 'refund', amount: 2000, charge: chargeId, payment_intent: paymentIntent.id, status: 'succeeded', reason: 'requested_by_customer' });
    expect(await stripe.refunds.retrieve(refund.id)).toMatchObject({ id: refund.id, charge: chargeId });
    expect(await stripe.charges.retrieve(chargeId)).toMatchObject({ amount_refunded: 2000, refunded: true });
    await expect(stripe.refunds.create({ charge: chargeId })).rejects.toMatchObject({ code: 'charge_already_refunded' });

    const refunded = await receiver.event('charge.refunded', chargeId);
    expect(refunded.data.object).toMatchObject({ id: chargeId, payment_intent: paymentIntent.id, amount_refunded: 2000, refunded: true });
    expect(refunded.data.previous_attributes).toMatchObject({ amount_refunded: 0, refunded: false });
    await receiver.event('refund.created', refund.id);
  });

  it('opens a dispute on a charge (test helper) and delivers a signed charge.dispute.created; a disputed charge is not refunded', async () => {
    const paymentIntent = await stripe.paymentIntents.create({ amount: 2000, currency: 'usd' });
    const chargeId = (await stripe.paymentIntents.confirm(paymentIntent.id, { payment_method: 'pm_card_visa' })).latest_charge as string;
    const opened = await fetch(`${standIn.url}/_standin/charges/${chargeId}/dispute`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'product_not_received' }),
    });
    expect(opened.status).toBe(200);
    const { id: disputeId } = (await opened.json()) as Stripe.Dispute;
    expect(await stripe.disputes.retrieve(disputeId)).toMatchObject({
      object: 'dispute',
      charge: chargeId,
      payment_intent: paymentIntent.id,
      amount: 2000,
      reason: 'product_not_received',
      status: 'needs_response',
    });
    expect((await stripe.disputes.list({ charge: chargeId })).data.map((dispute) => dispute.id)).toEqual([disputeId]);
    expect((await stripe.charges.retrieve(chargeId)).disputed).toBe(true);
    const again = await fetch(`${standIn.url}/_standin/charges/${chargeId}/dispute`, { method: 'POST' });
    expect(again.status).toBe(400);
    await expect(stripe.refunds.create({ charge: chargeId })).rejects.toMatchObject({ code: 'charge_disputed' });

    const delivered = await receiver.event('charge.dispute.created', disputeId);
    expect(delivered.data.object).toMatchObject({ charge: chargeId, payment_intent: paymentIntent.id });
  });

  it('names the invoice a subscription payment paid (invoice payments by payment intent)', async () => {
    const customer = await stripe.customers.create({ email: 'invoice-payments@lipcast.test' });
    const { subscription } = await subscribeThroughCheckout(customer);
    const invoiceId = subscription.latest_invoice as string;
    const [byInvoice] = (await stripe.invoicePayments.list({ invoice: invoiceId })).data;
    expect(byInvoice).toMatchObject({ object: 'invoice_payment', invoice: invoiceId, status: 'paid', amount_paid: 2900, payment: { type: 'payment_intent' } });
    const paymentIntentId = byInvoice.payment.payment_intent as string;
    const found = await stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: paymentIntentId } });
    expect(found.data.map((payment) => payment.invoice)).toEqual([invoiceId]);
    expect((await stripe.paymentIntents.retrieve(paymentIntentId)).latest_charge).toMatch(/^ch_/);
  });

  it('cancels at period end (and back), and cancels at once with DELETE', async () => {
    const customer = await stripe.customers.create({ email: 'cancel@lipcast.test' });
    const { subscription } = await subscribeThroughCheckout(customer);
    const periodEnd = subscription.items.data[0].current_period_end;

    const ending = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(ending).toMatchObject({ status: 'active', cancel_at_period_end: true, cancel_at: periodEnd });
    expect(ending.canceled_at).toEqual(expect.any(Number));
    await waitFor(() =>
      receiver.deliveries.find(({ event }) => {
        const updated = event.data.object as Stripe.Subscription;
        return event.type === 'customer.subscription.updated' && updated.id === subscription.id && updated.cancel_at_period_end;
      }),
    );
    const resumed = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
    expect(resumed).toMatchObject({ cancel_at_period_end: false, cancel_at: null, canceled_at: null });

    const canceled = await stripe.subscriptions.cancel(subscription.id);
    expect(canceled).toMatchObject({ status: 'canceled', ended_at: expect.any(Number), canceled_at: expect.any(Number) });
    expect((await receiver.event('customer.subscription.deleted', subscription.id)).data.object.status).toBe('canceled');
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toHaveLength(0);
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toHaveLength(1);
  });

  it('renews into the next period with a paid invoice, or ends a subscription set to cancel', async () => {
    const customer = await stripe.customers.create({ email: 'renew@lipcast.test' });
    const { subscription } = await subscribeThroughCheckout(customer);
    const start = Date.UTC(2026, 0, 31) / 1000;
    const end = Date.UTC(2026, 1, 28) / 1000;
    const moved = await fetch(`${standIn.url}/_standin/subscriptions/${subscription.id}/period`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ current_period_start: start, current_period_end: end }),
    });
    expect(moved.status).toBe(200);
    expect((await stripe.subscriptions.retrieve(subscription.id)).items.data[0]).toMatchObject({ current_period_start: start, current_period_end: end });

    const renewed = (await fetch(`${standIn.url}/_standin/subscriptions/${subscription.id}/renew`, { method: 'POST' }).then((response) =>
      response.json(),
    )) as Stripe.Subscription;
    expect(renewed.items.data[0]).toMatchObject({ current_period_start: end, current_period_end: Date.UTC(2026, 2, 28) / 1000 });
    expect(renewed.latest_invoice).not.toBe(subscription.latest_invoice);
    const invoice = await stripe.invoices.retrieve(renewed.latest_invoice as string);
    expect(invoice).toMatchObject({ status: 'paid', billing_reason: 'subscription_cycle', amount_paid: 2900, period_start: start, period_end: end });
    expect((await receiver.event('invoice.paid', invoice.id)).data.object.billing_reason).toBe('subscription_cycle');
    await waitFor(() =>
      receiver.deliveries.find(({ event }) => {
        const updated = event.data.object as Stripe.Subscription;
        return event.type === 'customer.subscription.updated' && updated.id === subscription.id && updated.items.data[0].current_period_start === end;
      }),
    );

    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    const ended = (await fetch(`${standIn.url}/_standin/subscriptions/${subscription.id}/renew`, { method: 'POST' }).then((response) =>
      response.json(),
    )) as Stripe.Subscription;
    expect(ended).toMatchObject({ status: 'canceled', ended_at: Date.UTC(2026, 2, 28) / 1000 });
    await receiver.event('customer.subscription.deleted', subscription.id);
  });

  it('retries a failed delivery after each delay, with the same event', async () => {
    const attempts = new Map<string, number>();
    receiver.respond = (event) => {
      if (event.type !== 'customer.created' || (event.data.object as Stripe.Customer).email !== 'retry@lipcast.test') return 200;
      const count = (attempts.get(event.id) ?? 0) + 1;
      attempts.set(event.id, count);
      return count <= 2 ? 500 : 200;
    };
    const customer = await stripe.customers.create({ email: 'retry@lipcast.test' });
    const delivered = await receiver.event('customer.created', customer.id);
    const tries = receiver.deliveries.filter(({ event }) => event.id === delivered.id);
    expect(tries.map(({ status }) => status)).toEqual([500, 500, 200]);
    expect((await stripe.events.retrieve(delivered.id)).pending_webhooks).toBe(0);
  });

  it('drops a delivery after the last retry', async () => {
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      receiver.respond = (event) => ((event.data.object as Stripe.Customer).email === 'gone@lipcast.test' ? 503 : 200);
      const customer = await stripe.customers.create({ email: 'gone@lipcast.test' });
      const [event] = (await stripe.events.list({ type: 'customer.created', limit: 1 })).data;
      expect((event.data.object as Stripe.Customer).id).toBe(customer.id);
      await waitFor(async () => (await stripe.events.retrieve(event.id)).pending_webhooks === 0);
      expect(receiver.deliveries.filter((delivery) => delivery.event.id === event.id).map(({ status }) => status)).toEqual([503, 503, 503]);
      expect(stderr).toHaveBeenCalledWith(expect.stringContaining(`dropped customer.created ${event.id} after 3 attempts: HTTP 503`));
    } finally {
      stderr.mockRestore();
    }
  });

  it('answers resource_missing for an unknown id and 401 for a wrong or missing API key', async () => {
    await expect(stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      statusCode: 404,
      message: "No such customer: 'cus_missing'",
    });
    await expect(stripe.subscriptions.retrieve('sub_missing')).rejects.toMatchObject({ code: 'resource_missing' });
    await expect(sdk(standIn, 'sk_test_wrong_key_123').customers.list()).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    const anonymous = await fetch(`${standIn.url}/v1/customers`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: { type: 'invalid_request_error', message: expect.stringContaining('You did not provide an API key') } });
  });

  it('keeps customers and subscriptions in the state file across a restart', async () => {
    const stateFile = join(stateDir, 'state.json');
    const first = await startStripeStandIn({ port: 0, webhookSecret: WEBHOOK_SECRET, stateFile });
    const customer = await sdk(first).customers.create({ email: 'kept@lipcast.test' });
    await first.stop();

    const second = await startStripeStandIn({ port: 0, webhookSecret: WEBHOOK_SECRET, stateFile });
    try {
      expect(await sdk(second).customers.retrieve(customer.id)).toMatchObject({ id: customer.id, email: 'kept@lipcast.test' });
      expect((await sdk(second).events.list({ type: 'customer.created' })).data[0].data.object).toMatchObject({ id: customer.id });
    } finally {
      await second.stop();
    }
  });
});
