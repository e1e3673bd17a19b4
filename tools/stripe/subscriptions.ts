/**
 * Subscriptions and their invoices, in the shapes of API version 2026-10-28: the billing period lives on
 * each item (current_period_start/end), an invoice names its subscription under
 * parent.subscription_details and is paid by a PaymentIntent it exposes only as confirmation_secret.
 */
import type Stripe from 'stripe';
import { invalidRequest, missingParam } from './errors.ts';
import { array, boolean, integer, metadata, object, text, type FormObject, type FormValue } from './form.ts';
import { insertPaymentIntent, succeed } from './payments.ts';
import { limited } from './catalog.ts';
import type { Fits } from './sdk-types.ts';
import {
  changesOf,
  list,
  newId,
  now,
  type Interval,
  type Invoice,
  type InvoiceLine,
  type List,
  type Metadata,
  type PaymentIntent,
  type Price,
  type Store,
  type Subscription,
  type SubscriptionItem,
  type SubscriptionStatus,
} from './store.ts';

export interface OrderedItem {
  price: Price;
  quantity: number;
}

/** Calendar arithmetic in UTC; a month from Jan 31 is the last day of February, as at Stripe. */
export function addInterval(start: number, interval: Interval, count: number): number {
  const date = new Date(start * 1000);
  if (interval === 'day' || interval === 'week') return start + count * (interval === 'day' ? 1 : 7) * 86_400;
  const months = interval === 'year' ? 12 * count : count;
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return Math.floor(date.getTime() / 1000);
}

function nextPeriodEnd(item: SubscriptionItem, start: number): number {
  const recurring = item.price.recurring;
  return recurring ? addInterval(start, recurring.interval, recurring.interval_count) : start;
}

/** The prices to subscribe to, from `items[n][price]` (or checkout's line items): recurring ones only. */
export function orderedItems(store: Store, items: FormValue[], param: string): OrderedItem[] {
  if (items.length === 0) throw missingParam(param);
  return items.map((item, index) => {
    if (typeof item !== 'object' || Array.isArray(item)) throw invalidRequest(`Invalid ${param}[${index}]: must be a hash.`, `${param}[${index}]`);
    const priceId = text(item, 'price');
    if (!priceId) throw missingParam(`${param}[${index}][price]`);
    const price = store.get('price', priceId, `${param}[${index}][price]`);
    return { price, quantity: integer(item, 'quantity') ?? 1 };
  });
}

export function requireRecurring(items: OrderedItem[], param: string): void {
  items.forEach(({ price }, index) => {
    if (price.type !== 'recurring') {
      throw invalidRequest(`The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`, `${param}[${index}][price]`);
    }
  });
}

interface NewSubscription {
  customer: string;
  items: OrderedItem[];
  metadata: Metadata;
  status: SubscriptionStatus;
  saveDefaultPaymentMethod?: string;
}

function insertSubscription(store: Store, fields: NewSubscription): Subscription {
  const start = now();
  const id = newId('sub');
  const items = fields.items.map(({ price, quantity }): SubscriptionItem => {
    const item: SubscriptionItem = {
      id: newId('si', 14),
      object: 'subscription_item',
      created: start,
      metadata: {},
      current_period_start: start,
      current_period_end: start,
      discounts: [],
      price: structuredClone(price),
      quantity,
      subscription: id,
      tax_rates: [],
    };
    item.current_period_end = nextPeriodEnd(item, start);
    return item;
  });
  return store.insert<Subscription>({
    id,
    object: 'subscription',
    created: start,
    livemode: false,
    metadata: fields.metadata,
    billing_cycle_anchor: start,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    currency: fields.items[0].price.currency,
    customer: fields.customer,
    default_payment_method: null,
    description: null,
    discounts: [],
    ended_at: null,
    items: { ...list(items, `/v1/subscription_items?subscription=${id}`), total_count: items.length },
    latest_invoice: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: fields.saveDefaultPaymentMethod ?? 'off' },
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: start,
    status: fields.status,
    test_clock: null,
    trial_end: null,
    trial_start: null,
  });
}

/** An open invoice for the subscription's current items, with the PaymentIntent that will pay it. */
function insertInvoice(store: Store, subscription: Subscription, reason: Invoice['billing_reason'], period: { start: number; end: number }): Invoice {
  const customer = store.get('customer', subscription.customer);
  const id = newId('in');
  const lines = subscription.items.data.map((item): InvoiceLine => {
    const amount = item.price.unit_amount * item.quantity;
    return {
      id: newId('il'),
      object: 'line_item',
      amount,
      currency: item.price.currency,
      description: `${item.quantity} × ${productName(store, item.price)}`,
      discount_amounts: [],
      discountable: true,
      discounts: [],
      invoice: id,
      livemode: false,
      metadata: {},
      parent: {
        type: 'subscription_item_details',
        invoice_item_details: null,
        subscription_item_details: { invoice_item: null, proration: false, proration_details: { credited_items: null }, subscription: subscription.id, subscription_item: item.id },
      },
      period: { start: item.current_period_start, end: item.current_period_end },
      pricing: { type: 'price_details', price_details: { price: item.price.id, product: item.price.product }, unit_amount_decimal: item.price.unit_amount_decimal },
      quantity: item.quantity,
      subtotal: amount,
      taxes: [],
    };
  });
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const created = now();
  const invoiceCount = store.all('invoice').filter((invoice) => invoice.customer === customer.id).length;
  const invoice = store.insert<Invoice>({
    id,
    object: 'invoice',
    created,
    livemode: false,
    metadata: {},
    amount_due: total,
    amount_paid: 0,
    amount_remaining: total,
    attempt_count: 0,
    attempted: false,
    billing_reason: reason,
    collection_method: 'charge_automatically',
    currency: subscription.currency,
    customer: customer.id,
    customer_email: customer.email,
    customer_name: customer.name,
    description: null,
    due_date: null,
    effective_at: created,
    hosted_invoice_url: null,
    invoice_pdf: null,
    lines: { ...list(lines, `/v1/invoices/${id}/lines`), total_count: lines.length },
    number: `${customer.id.slice(4, 12).toUpperCase()}-${String(invoiceCount + 1).padStart(4, '0')}`,
    parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } } },
    period_start: period.start,
    period_end: period.end,
    status: 'open',
    status_transitions: { finalized_at: created, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: total,
    total,
  });
  const paymentIntent = insertPaymentIntent(store, {
    amount: total,
    currency: invoice.currency,
    customer: customer.id,
    description: reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
  });
  store.invoicePayments[invoice.id] = paymentIntent.id;
  return invoice;
}

function productName(store: Store, price: Price): string {
  const product = store.find(price.product);
  return product?.object === 'product' ? product.name : price.product;
}

export function invoicePaymentIntent(store: Store, invoice: Invoice): PaymentIntent {
  return store.get('payment_intent', store.invoicePayments[invoice.id]);
}

function markInvoicePaid(store: Store, invoice: Invoice): void {
  invoice.status = 'paid';
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.attempted = true;
  invoice.attempt_count += 1;
  invoice.status_transitions.paid_at = now();
  store.emit('invoice.paid', invoice);
  store.emit('invoice.payment_succeeded', invoice);
}

/** The embedded flow: `payment_behavior=default_incomplete` gives an incomplete subscription and an open invoice. */
export function createSubscription(store: Store, form: FormObject): Subscription {
  const customerId = text(form, 'customer');
  if (!customerId) throw missingParam('customer');
  store.get('customer', customerId, 'customer');
  const items = orderedItems(store, array(form, 'items'), 'items');
  requireRecurring(items, 'items');
  const subscription = insertSubscription(store, {
    customer: customerId,
    items,
    metadata: metadata(form),
    status: 'incomplete',
    saveDefaultPaymentMethod: text(object(form, 'payment_settings'), 'save_default_payment_method'),
  });
  const invoice = insertInvoice(store, subscription, 'subscription_create', { start: subscription.start_date, end: subscription.start_date });
  subscription.latest_invoice = invoice.id;
  store.emit('customer.subscription.created', subscription);
  store.emit('invoice.created', invoice);
  return subscription;
}

/** The hosted flow: checkout has taken the payment, so the subscription starts active with a paid invoice. */
export function createPaidSubscription(store: Store, fields: Omit<NewSubscription, 'status'>, paymentMethod: string): Subscription {
  requireRecurring(fields.items, 'line_items');
  const subscription = insertSubscription(store, { ...fields, status: 'active' });
  subscription.default_payment_method = paymentMethod;
  const invoice = insertInvoice(store, subscription, 'subscription_create', { start: subscription.start_date, end: subscription.start_date });
  subscription.latest_invoice = invoice.id;
  store.emit('customer.subscription.created', subscription);
  store.emit('invoice.created', invoice);
  succeed(store, invoicePaymentIntent(store, invoice), paymentMethod);
  markInvoicePaid(store, invoice);
  return subscription;
}

/** After a PaymentIntent succeeds: if it pays an invoice, the invoice is paid and an incomplete subscription becomes active. */
export function settleInvoicePaidBy(store: Store, paymentIntent: PaymentIntent): void {
  const invoiceId = Object.keys(store.invoicePayments).find((id) => store.invoicePayments[id] === paymentIntent.id);
  if (!invoiceId) return;
  const invoice = store.get('invoice', invoiceId);
  markInvoicePaid(store, invoice);
  const subscription = store.get('subscription', invoice.parent.subscription_details.subscription);
  if (subscription.status !== 'incomplete') return;
  const changes = changesOf(subscription, (changed) => {
    changed.status = 'active';
    if (changed.payment_settings.save_default_payment_method === 'on_subscription') changed.default_payment_method = paymentIntent.payment_method;
  });
  store.emit('customer.subscription.updated', subscription, changes);
}

/** An invoice's payment as `GET /v1/invoice_payments` shows it (the link from a PaymentIntent to what it paid). */
export type InvoicePayment = Fits<
  Stripe.InvoicePayment,
  {
    id: string;
    object: 'invoice_payment';
    amount_paid: number | null;
    amount_requested: number;
    created: number;
    currency: string;
    invoice: string;
    is_default: true;
    livemode: false;
    payment: { type: 'payment_intent'; payment_intent: string };
    status: 'open' | 'paid';
    status_transitions: { canceled_at: null; paid_at: number | null };
  }
>;

function invoicePaymentOf(store: Store, invoice: Invoice): InvoicePayment {
  return {
    id: `inpay_${invoice.id.slice('in_'.length)}`,
    object: 'invoice_payment',
    amount_paid: invoice.status === 'paid' ? invoice.amount_paid : null,
    amount_requested: invoice.amount_due,
    created: invoice.created,
    currency: invoice.currency,
    invoice: invoice.id,
    is_default: true,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: invoicePaymentIntent(store, invoice).id },
    status: invoice.status,
    status_transitions: { canceled_at: null, paid_at: invoice.status_transitions.paid_at },
  };
}

/** `GET /v1/invoice_payments?invoice=` or `?payment[type]=payment_intent&payment[payment_intent]=`: which invoice a payment paid. */
export function listInvoicePayments(store: Store, query: FormObject): List<InvoicePayment> {
  const invoiceId = text(query, 'invoice');
  const payment = object(query, 'payment');
  const paymentIntent = text(payment, 'payment_intent');
  if (Object.keys(payment).length > 0 && !text(payment, 'type')) throw missingParam('payment[type]');
  const found = store
    .all('invoice')
    .filter((invoice) => invoiceId === undefined || invoice.id === invoiceId)
    .filter((invoice) => paymentIntent === undefined || store.invoicePayments[invoice.id] === paymentIntent)
    .map((invoice) => invoicePaymentOf(store, invoice));
  return limited(found, query, '/v1/invoice_payments');
}

export function listSubscriptions(store: Store, query: FormObject): List<Subscription> {
  const customer = text(query, 'customer');
  const status = text(query, 'status');
  const found = store
    .all('subscription')
    .filter((subscription) => customer === undefined || subscription.customer === customer)
    .filter((subscription) => (status === 'all' ? true : status ? subscription.status === status : subscription.status !== 'canceled'));
  return limited(found, query, '/v1/subscriptions');
}

const CANCELED_UPDATE = 'A canceled subscription can only update its cancellation_details and metadata.';

export function updateSubscription(store: Store, id: string, form: FormObject): Subscription {
  const subscription = store.get('subscription', id);
  const cancelAtPeriodEnd = boolean(form, 'cancel_at_period_end');
  if (cancelAtPeriodEnd !== undefined && subscription.status === 'canceled') throw invalidRequest(CANCELED_UPDATE, 'cancel_at_period_end');
  const changes = changesOf(subscription, (changed) => {
    if (cancelAtPeriodEnd !== undefined && cancelAtPeriodEnd !== changed.cancel_at_period_end) {
      changed.cancel_at_period_end = cancelAtPeriodEnd;
      // Stripe sets canceled_at when the cancellation is requested, not when the period ends.
      changed.cancel_at = cancelAtPeriodEnd ? periodEnd(changed) : null;
      changed.canceled_at = cancelAtPeriodEnd ? now() : null;
      changed.cancellation_details = { comment: null, feedback: null, reason: cancelAtPeriodEnd ? 'cancellation_requested' : null };
    }
    if (form.metadata === '') changed.metadata = {};
    for (const [key, value] of Object.entries(metadata(form))) {
      if (value === '') delete changed.metadata[key];
      else changed.metadata[key] = value;
    }
  });
  if (Object.keys(changes).length > 0) store.emit('customer.subscription.updated', subscription, changes);
  return subscription;
}

const periodEnd = (subscription: Subscription) => Math.max(...subscription.items.data.map((item) => item.current_period_end));

/** DELETE: cancels at once. */
export function cancelSubscription(store: Store, id: string): Subscription {
  const subscription = store.get('subscription', id);
  if (subscription.status === 'canceled') throw invalidRequest(CANCELED_UPDATE);
  const at = now();
  subscription.status = 'canceled';
  subscription.canceled_at = at;
  subscription.ended_at = at;
  subscription.cancellation_details = { comment: null, feedback: null, reason: 'cancellation_requested' };
  store.emit('customer.subscription.deleted', subscription);
  return subscription;
}

/**
 * Test helper: the period ends. A subscription set to cancel at period end is canceled; otherwise the next
 * period starts and is charged to the saved card (a paid `subscription_cycle` invoice).
 */
export function renewSubscription(store: Store, id: string): Subscription {
  const subscription = store.get('subscription', id);
  if (subscription.status !== 'active') throw invalidRequest(`Only an active subscription renews; this one is ${subscription.status}.`);
  if (subscription.cancel_at_period_end) {
    subscription.status = 'canceled';
    subscription.ended_at = periodEnd(subscription);
    store.emit('customer.subscription.deleted', subscription);
    return subscription;
  }
  const ended = { start: subscription.items.data[0].current_period_start, end: subscription.items.data[0].current_period_end };
  const previousInvoice = subscription.latest_invoice;
  const changes = changesOf(subscription, (changed) => {
    for (const item of changed.items.data) {
      item.current_period_start = item.current_period_end;
      item.current_period_end = nextPeriodEnd(item, item.current_period_start);
    }
  });
  const invoice = insertInvoice(store, subscription, 'subscription_cycle', ended);
  subscription.latest_invoice = invoice.id;
  changes.latest_invoice = previousInvoice;
  store.emit('customer.subscription.updated', subscription, changes);
  store.emit('invoice.created', invoice);
  succeed(store, invoicePaymentIntent(store, invoice), subscription.default_payment_method ?? newId('pm'));
  markInvoicePaid(store, invoice);
  return subscription;
}

/** Test helper: rewrites the items' current period (e.g. to put it in the past). */
export function setSubscriptionPeriod(store: Store, id: string, form: FormObject): Subscription {
  const subscription = store.get('subscription', id);
  const start = integer(form, 'current_period_start');
  const end = integer(form, 'current_period_end');
  if (start === undefined) throw missingParam('current_period_start');
  if (end === undefined) throw missingParam('current_period_end');
  if (end <= start) throw invalidRequest('current_period_end must be after current_period_start.', 'current_period_end');
  const changes = changesOf(subscription, (changed) => {
    for (const item of changed.items.data) {
      item.current_period_start = start;
      item.current_period_end = end;
    }
    if (changed.cancel_at_period_end) changed.cancel_at = end;
  });
  store.emit('customer.subscription.updated', subscription, changes);
  return subscription;
}
