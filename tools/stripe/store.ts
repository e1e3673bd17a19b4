/**
 * The stand-in's state: Stripe-shaped objects by id, the event log, and the links Stripe keeps
 * internally (which PaymentIntent pays which invoice, what a checkout session will create).
 * Optionally persisted as one JSON file, rewritten after every change.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import type Stripe from 'stripe';
import { noSuch } from './errors.ts';
import type { Fits } from './sdk-types.ts';

export const API_VERSION = '2026-10-28.endive';

export type Metadata = Record<string, string>;

interface Base {
  id: string;
  created: number;
  livemode: false;
  metadata: Metadata;
}

/** Subscription items and refunds carry no `livemode` in Stripe's API. */
type BaseWithoutLivemode = Omit<Base, 'livemode'>;

export type Customer = Fits<
  Stripe.Customer,
  Base & {
    object: 'customer';
    email: string | null;
    name: string | null;
    description: string | null;
    phone: string | null;
    balance: number;
    currency: string | null;
    default_source: null;
    delinquent: boolean;
    invoice_settings: { default_payment_method: string | null; custom_fields: null; footer: null; rendering_options: null };
    preferred_locales: string[];
    shipping: null;
    tax_exempt: 'none';
    test_clock: null;
  }
>;

export type Product = Fits<
  Stripe.Product,
  Base & {
    object: 'product';
    active: boolean;
    name: string;
    description: string | null;
    default_price: string | null;
    images: string[];
    marketing_features: [];
    package_dimensions: null;
    shippable: null;
    type: 'service';
    unit_label: null;
    updated: number;
    url: null;
  }
>;

export type Interval = 'day' | 'week' | 'month' | 'year';

export type Price = Fits<
  Stripe.Price,
  Base & {
    object: 'price';
    active: boolean;
    billing_scheme: 'per_unit';
    currency: string;
    custom_unit_amount: null;
    lookup_key: string | null;
    nickname: string | null;
    product: string;
    recurring: { interval: Interval; interval_count: number; meter: null; trial_period_days: null; usage_type: 'licensed' } | null;
    tax_behavior: 'unspecified';
    tiers_mode: null;
    transform_quantity: null;
    type: 'one_time' | 'recurring';
    unit_amount: number;
    unit_amount_decimal: string;
  }
>;

export type SubscriptionItem = Fits<
  Stripe.SubscriptionItem,
  BaseWithoutLivemode & {
    object: 'subscription_item';
    current_period_start: number;
    current_period_end: number;
    discounts: [];
    price: Price;
    quantity: number;
    subscription: string;
    tax_rates: [];
  }
>;

export type SubscriptionStatus = 'incomplete' | 'active' | 'canceled';

export type Subscription = Fits<
  Stripe.Subscription,
  Base & {
    object: 'subscription';
    billing_cycle_anchor: number;
    cancel_at: number | null;
    cancel_at_period_end: boolean;
    canceled_at: number | null;
    cancellation_details: { comment: null; feedback: null; reason: 'cancellation_requested' | null };
    collection_method: 'charge_automatically';
    currency: string;
    customer: string;
    default_payment_method: string | null;
    description: null;
    discounts: [];
    ended_at: number | null;
    items: List<SubscriptionItem>;
    latest_invoice: string | null;
    payment_settings: { payment_method_options: null; payment_method_types: null; save_default_payment_method: string };
    pending_setup_intent: null;
    pending_update: null;
    schedule: null;
    start_date: number;
    status: SubscriptionStatus;
    test_clock: null;
    trial_end: null;
    trial_start: null;
  }
>;

export type InvoiceLine = Fits<
  Stripe.InvoiceLineItem,
  {
    id: string;
    object: 'line_item';
    amount: number;
    currency: string;
    description: string;
    discount_amounts: [];
    discountable: boolean;
    discounts: [];
    invoice: string;
    livemode: false;
    metadata: Metadata;
    parent: {
      type: 'subscription_item_details';
      invoice_item_details: null;
      subscription_item_details: { invoice_item: null; proration: false; proration_details: { credited_items: null }; subscription: string; subscription_item: string };
    };
    period: { start: number; end: number };
    pricing: { type: 'price_details'; price_details: { price: string; product: string }; unit_amount_decimal: string };
    quantity: number;
    subtotal: number;
    taxes: [];
  }
>;

export type Invoice = Fits<
  Stripe.Invoice,
  Base & {
    object: 'invoice';
    amount_due: number;
    amount_paid: number;
    amount_remaining: number;
    attempt_count: number;
    attempted: boolean;
    billing_reason: 'subscription_create' | 'subscription_cycle';
    collection_method: 'charge_automatically';
    currency: string;
    customer: string;
    customer_email: string | null;
    customer_name: string | null;
    description: null;
    due_date: null;
    effective_at: number;
    hosted_invoice_url: null;
    invoice_pdf: null;
    lines: List<InvoiceLine>;
    number: string;
    parent: { type: 'subscription_details'; quote_details: null; subscription_details: { subscription: string; metadata: Metadata } };
    period_start: number;
    period_end: number;
    status: 'open' | 'paid';
    status_transitions: { finalized_at: number; marked_uncollectible_at: null; paid_at: number | null; voided_at: null };
    subtotal: number;
    total: number;
  }
>;

export type PaymentIntentStatus = 'requires_payment_method' | 'succeeded';

export type PaymentIntent = Fits<
  Stripe.PaymentIntent,
  Base & {
    object: 'payment_intent';
    amount: number;
    amount_capturable: number;
    amount_received: number;
    automatic_payment_methods: { allow_redirects: 'always'; enabled: boolean } | null;
    canceled_at: null;
    cancellation_reason: null;
    capture_method: 'automatic_async';
    client_secret: string;
    confirmation_method: 'automatic';
    currency: string;
    customer: string | null;
    description: string | null;
    last_payment_error: {
      type: 'card_error';
      code: string;
      decline_code: string;
      message: string;
      payment_method: { id: string; object: 'payment_method'; type: 'card' };
    } | null;
    latest_charge: string | null;
    next_action: null;
    payment_method: string | null;
    payment_method_types: string[];
    receipt_email: null;
    setup_future_usage: null;
    status: PaymentIntentStatus;
  }
>;

export type CheckoutSession = Fits<
  Stripe.Checkout.Session,
  Base & {
    object: 'checkout.session';
    amount_subtotal: number;
    amount_total: number;
    cancel_url: string | null;
    client_reference_id: string | null;
    currency: string;
    customer: string | null;
    customer_details: { email: string | null; name: string | null; address: null; phone: null; tax_exempt: 'none'; tax_ids: [] } | null;
    customer_email: string | null;
    expires_at: number;
    invoice: string | null;
    mode: 'payment' | 'subscription';
    payment_intent: string | null;
    payment_method_types: string[];
    payment_status: 'paid' | 'unpaid';
    status: 'open' | 'complete' | 'expired';
    subscription: string | null;
    success_url: string | null;
    ui_mode: 'hosted';
    url: string | null;
  }
>;

/** A card payment's money movement; a PaymentIntent that succeeds makes one (its `latest_charge`). */
export type Charge = Fits<
  Stripe.Charge,
  Base & {
    object: 'charge';
    amount: number;
    amount_captured: number;
    amount_refunded: number;
    application: null;
    application_fee: null;
    application_fee_amount: null;
    balance_transaction: null;
    billing_details: { address: null; email: string | null; name: string | null; phone: null };
    calculated_statement_descriptor: string;
    captured: boolean;
    currency: string;
    customer: string | null;
    description: string | null;
    disputed: boolean;
    failure_balance_transaction: null;
    failure_code: null;
    failure_message: null;
    fraud_details: Record<string, never>;
    on_behalf_of: null;
    outcome: { network_status: 'approved_by_network'; reason: null; risk_level: 'normal'; seller_message: string; type: 'authorized' };
    paid: boolean;
    payment_intent: string;
    payment_method: string;
    payment_method_details: { card: { brand: 'visa'; last4: string; exp_month: number; exp_year: number; funding: 'credit' }; type: 'card' };
    receipt_email: null;
    receipt_number: null;
    receipt_url: null;
    refunded: boolean;
    review: null;
    shipping: null;
    source: null;
    source_transfer: null;
    statement_descriptor: null;
    statement_descriptor_suffix: null;
    status: 'succeeded';
    transfer_data: null;
    transfer_group: null;
  }
>;

export type RefundReason = 'duplicate' | 'fraudulent' | 'requested_by_customer';

export type Refund = Fits<
  Stripe.Refund,
  BaseWithoutLivemode & {
    object: 'refund';
    amount: number;
    balance_transaction: null;
    charge: string;
    currency: string;
    destination_details: { card: { reference_status: 'pending'; reference_type: 'acquirer_reference_number'; type: 'refund' }; type: 'card' };
    payment_intent: string;
    reason: RefundReason | null;
    receipt_number: null;
    source_transfer_reversal: null;
    status: 'succeeded';
    transfer_reversal: null;
  }
>;

export type DisputeReason = 'fraudulent' | 'product_not_received' | 'subscription_canceled' | 'duplicate' | 'general';

export type Dispute = Fits<
  Stripe.Dispute,
  Base & {
    object: 'dispute';
    amount: number;
    balance_transactions: [];
    charge: string;
    currency: string;
    enhanced_eligibility_types: [];
    evidence: Record<'access_activity_log' | 'billing_address' | 'customer_email_address' | 'customer_name' | 'product_description' | 'uncategorized_text', null>;
    evidence_details: { due_by: number; enhanced_eligibility: Record<string, never>; has_evidence: false; past_due: false; submission_count: 0 };
    is_charge_refundable: boolean;
    payment_intent: string;
    payment_method_details: { card: { brand: 'visa'; case_type: 'chargeback'; network_reason_code: string }; type: 'card' };
    reason: DisputeReason;
    status: 'needs_response';
  }
>;

export type StripeObject = Customer | Product | Price | Subscription | Invoice | PaymentIntent | CheckoutSession | Charge | Refund | Dispute;

interface ObjectsByKind {
  customer: Customer;
  product: Product;
  price: Price;
  subscription: Subscription;
  invoice: Invoice;
  payment_intent: PaymentIntent;
  'checkout.session': CheckoutSession;
  charge: Charge;
  refund: Refund;
  dispute: Dispute;
}
export type Kind = keyof ObjectsByKind;

export interface List<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
  total_count?: number;
}

export type StripeEvent = Fits<
  Stripe.Event,
  {
    id: string;
    object: 'event';
    api_version: string;
    created: number;
    /** A snapshot of the object the event is about. */
    data: { object: StripeObject; previous_attributes?: Partial<StripeObject> };
    livemode: false;
    pending_webhooks: number;
    request: { id: null; idempotency_key: null };
    type: Stripe.Event.Type;
  }
>;

/** What a checkout session creates on completion; Stripe keeps these off the session object. */
export interface CheckoutPlan {
  lineItems: { id: string; price: string; quantity: number }[];
  subscriptionMetadata: Metadata;
  paymentIntentMetadata: Metadata;
}

interface State {
  objects: StripeObject[];
  events: StripeEvent[];
  /** Invoice id → the PaymentIntent that pays it. */
  invoicePayments: Record<string, string>;
  checkoutPlans: Record<string, CheckoutPlan>;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export const now = () => Math.floor(Date.now() / 1000);

export function randomToken(length: number): string {
  let token = '';
  for (let i = 0; i < length; i++) token += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return token;
}

/** Ids look like Stripe's: a prefix naming the kind, then random letters and digits. */
export const newId = (prefix: string, length = 24) => `${prefix}_${randomToken(length)}`;

export class Store {
  private readonly objects = new Map<string, StripeObject>();
  readonly events: StripeEvent[] = [];
  readonly invoicePayments: Record<string, string> = {};
  readonly checkoutPlans: Record<string, CheckoutPlan> = {};
  /** Called for every recorded event (webhook delivery). */
  onEvent: (event: StripeEvent) => void = () => {};
  private readonly file: string | undefined;

  constructor(file?: string) {
    this.file = file;
    if (!file || !existsSync(file)) return;
    const state = JSON.parse(readFileSync(file, 'utf8')) as State;
    for (const object of state.objects) this.objects.set(object.id, object);
    this.events.push(...state.events);
    Object.assign(this.invoicePayments, state.invoicePayments);
    Object.assign(this.checkoutPlans, state.checkoutPlans);
  }

  /** Writes the state file (whole, through a temporary file so a crash never leaves half of it). */
  save(): void {
    if (!this.file) return;
    const state: State = { objects: [...this.objects.values()], events: this.events, invoicePayments: this.invoicePayments, checkoutPlans: this.checkoutPlans };
    writeFileSync(`${this.file}.tmp`, JSON.stringify(state));
    renameSync(`${this.file}.tmp`, this.file);
  }

  insert<T extends StripeObject>(object: T): T {
    this.objects.set(object.id, object);
    return object;
  }

  find(id: string): StripeObject | undefined {
    return this.objects.get(id);
  }

  /** The object of that kind, or Stripe's 404 "No such <kind>: '<id>'". */
  get<K extends Kind>(kind: K, id: string, param = 'id'): ObjectsByKind[K] {
    const object = this.objects.get(id);
    if (object?.object !== kind) throw noSuch(kind, id, param);
    return object as ObjectsByKind[K];
  }

  /** Every object of that kind, newest first (as Stripe lists). */
  all<K extends Kind>(kind: K): ObjectsByKind[K][] {
    const found = [...this.objects.values()].filter((object) => object.object === kind) as ObjectsByKind[K][];
    return found.reverse();
  }

  /** Records an event with a snapshot of the object as it is now. */
  emit(type: Stripe.Event.Type, object: StripeObject, previousAttributes?: Partial<StripeObject>): StripeEvent {
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      data: { object: structuredClone(object), ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
      livemode: false,
      pending_webhooks: 0,
      request: { id: null, idempotency_key: null },
      type,
    };
    this.events.push(event);
    this.onEvent(event);
    return event;
  }

  findEvent(id: string): StripeEvent {
    const event = this.events.find((candidate) => candidate.id === id);
    if (!event) throw noSuch('event', id);
    return event;
  }
}

/** Runs `change` on the object and returns the top-level fields it changed, with their old values. */
export function changesOf<T extends StripeObject>(object: T, change: (object: T) => void): Partial<T> {
  const before = structuredClone(object);
  change(object);
  const previous: Partial<T> = {};
  for (const key of Object.keys(object) as (keyof T & string)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(object[key])) previous[key] = before[key];
  }
  return previous;
}

export const list = <T>(data: T[], url: string, hasMore = false): List<T> => ({ object: 'list', data, has_more: hasMore, url });
