/**
 * PaymentIntents and Stripe's test cards. Only two outcomes exist: the card succeeds (4242…, pm_card_visa
 * and any other pm_card_* / pm_* id) or it is declined (4000 0000 0000 0002, pm_card_chargeDeclined*).
 */
import { StripeApiError, invalidRequest, missingParam } from './errors.ts';
import { boolean, integer, metadata, object, strings, text, type FormObject } from './form.ts';
import { insertCharge } from './charges.ts';
import { newId, now, randomToken, type Metadata, type PaymentIntent, type Store } from './store.ts';

export const SUCCEEDING_CARD = '4242424242424242';
export const DECLINED_CARD = '4000000000000002';

const declined = (paymentIntent?: unknown) =>
  new StripeApiError({
    status: 402,
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
    ...(paymentIntent ? { payment_intent: paymentIntent } : {}),
  });

/** The hosted page's card check: null when the number pays, else the error to show. */
export function cardNumberError(cardNumber: string): StripeApiError | null {
  if (cardNumber === SUCCEEDING_CARD) return null;
  if (cardNumber === DECLINED_CARD) return declined();
  return new StripeApiError({ status: 400, type: 'card_error', code: 'invalid_number', param: 'card', message: 'Your card number is invalid.' });
}

export interface NewPaymentIntent {
  amount: number;
  currency: string;
  customer: string | null;
  metadata?: Metadata;
  description?: string | null;
}

export function insertPaymentIntent(store: Store, fields: NewPaymentIntent): PaymentIntent {
  const id = newId('pi');
  return store.insert<PaymentIntent>({
    id,
    object: 'payment_intent',
    created: now(),
    livemode: false,
    metadata: fields.metadata ?? {},
    amount: fields.amount,
    amount_capturable: 0,
    amount_received: 0,
    automatic_payment_methods: { allow_redirects: 'always', enabled: true },
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: `${id}_secret_${randomToken(25)}`,
    confirmation_method: 'automatic',
    currency: fields.currency,
    customer: fields.customer,
    description: fields.description ?? null,
    last_payment_error: null,
    latest_charge: null,
    next_action: null,
    payment_method: null,
    payment_method_types: ['card'],
    receipt_email: null,
    setup_future_usage: null,
    status: 'requires_payment_method',
  });
}

/** Marks the PaymentIntent paid by a card that succeeded (the hosted page, renewals, confirm), with the charge it made. */
export function succeed(store: Store, paymentIntent: PaymentIntent, paymentMethod: string): void {
  const charge = insertCharge(store, paymentIntent, paymentMethod);
  paymentIntent.status = 'succeeded';
  paymentIntent.amount_received = paymentIntent.amount;
  paymentIntent.payment_method = paymentMethod;
  paymentIntent.last_payment_error = null;
  paymentIntent.latest_charge = charge.id;
  store.emit('charge.succeeded', charge);
  store.emit('payment_intent.succeeded', paymentIntent);
}

export function createPaymentIntent(store: Store, form: FormObject, onSucceeded: (paymentIntent: PaymentIntent) => void): PaymentIntent {
  const amount = integer(form, 'amount');
  if (amount === undefined) throw missingParam('amount');
  if (amount < 1) throw invalidRequest('This value must be greater than or equal to 1.', 'amount');
  const currency = text(form, 'currency')?.toLowerCase();
  if (!currency) throw missingParam('currency');
  const customerId = text(form, 'customer');
  if (customerId) store.get('customer', customerId, 'customer');
  const methodTypes = strings(form, 'payment_method_types');
  const automatic = boolean(object(form, 'automatic_payment_methods'), 'enabled') ?? methodTypes.length === 0;
  const paymentIntent = insertPaymentIntent(store, {
    amount,
    currency,
    customer: customerId || null,
    metadata: metadata(form),
    description: text(form, 'description') || null,
  });
  paymentIntent.automatic_payment_methods = automatic ? { allow_redirects: 'always', enabled: true } : null;
  if (methodTypes.length > 0) paymentIntent.payment_method_types = methodTypes;
  paymentIntent.payment_method = text(form, 'payment_method') || null;
  if (boolean(form, 'confirm')) return confirmPaymentIntent(store, paymentIntent.id, {}, onSucceeded);
  return paymentIntent;
}

/**
 * Charges the test payment method. A decline records last_payment_error, emits payment_intent.payment_failed
 * and throws Stripe's 402 card error; success runs `onSucceeded` (which settles an invoice it pays).
 */
export function confirmPaymentIntent(store: Store, id: string, form: FormObject, onSucceeded: (paymentIntent: PaymentIntent) => void): PaymentIntent {
  const paymentIntent = store.get('payment_intent', id);
  if (paymentIntent.status !== 'requires_payment_method') {
    throw invalidRequest(
      `You cannot confirm this PaymentIntent because it has a status of ${paymentIntent.status}.`,
      undefined,
      'payment_intent_unexpected_state',
    );
  }
  const paymentMethod = text(form, 'payment_method') || paymentIntent.payment_method;
  if (!paymentMethod) {
    throw invalidRequest("You cannot confirm this PaymentIntent because it's missing a payment method.", 'payment_method', 'payment_intent_unexpected_state');
  }
  if (!paymentMethod.startsWith('pm_')) throw invalidRequest(`No such PaymentMethod: '${paymentMethod}'`, 'payment_method', 'resource_missing');
  // A test token (pm_card_visa) becomes a PaymentMethod of its own, as at Stripe.
  const paymentMethodId = paymentMethod.startsWith('pm_card_') ? newId('pm') : paymentMethod;
  if (paymentMethod.startsWith('pm_card_chargeDeclined')) {
    const error = declined();
    paymentIntent.status = 'requires_payment_method';
    paymentIntent.payment_method = null;
    paymentIntent.last_payment_error = {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: error.message,
      payment_method: { id: paymentMethodId, object: 'payment_method', type: 'card' },
    };
    store.emit('payment_intent.payment_failed', paymentIntent);
    throw declined(structuredClone(paymentIntent));
  }
  succeed(store, paymentIntent, paymentMethodId);
  onSucceeded(paymentIntent);
  return paymentIntent;
}
