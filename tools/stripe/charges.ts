/**
 * Charges, refunds and disputes. A PaymentIntent that succeeds makes one charge (its `latest_charge`);
 * `POST /v1/refunds` gives a charge's whole amount back (`charge.refunded`); a test helper opens a
 * dispute on a charge (`charge.dispute.created`), as a card holder's bank would.
 */
import { invalidRequest, missingParam } from './errors.ts';
import { integer, metadata, text, type FormObject } from './form.ts';
import { limited } from './catalog.ts';
import {
  changesOf,
  newId,
  now,
  type Charge,
  type Dispute,
  type DisputeReason,
  type List,
  type PaymentIntent,
  type Refund,
  type RefundReason,
  type Store,
} from './store.ts';

const REFUND_REASONS: readonly RefundReason[] = ['duplicate', 'fraudulent', 'requested_by_customer'];
const DISPUTE_REASONS: readonly DisputeReason[] = ['fraudulent', 'product_not_received', 'subscription_canceled', 'duplicate', 'general'];
/** Stripe gives the business about three weeks to answer a dispute. */
const DISPUTE_RESPONSE_SECONDS = 21 * 86_400;

/** The charge a PaymentIntent makes when it succeeds (the card is always a test Visa ending 4242). */
export function insertCharge(store: Store, paymentIntent: PaymentIntent, paymentMethod: string): Charge {
  const customer = paymentIntent.customer ? store.get('customer', paymentIntent.customer) : null;
  return store.insert<Charge>({
    id: newId('ch'),
    object: 'charge',
    created: now(),
    livemode: false,
    // Stripe copies the PaymentIntent's metadata onto the charge it makes.
    metadata: { ...paymentIntent.metadata },
    amount: paymentIntent.amount,
    amount_captured: paymentIntent.amount,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: { address: null, email: customer?.email ?? null, name: customer?.name ?? null, phone: null },
    calculated_statement_descriptor: 'LIPCAST',
    captured: true,
    currency: paymentIntent.currency,
    customer: paymentIntent.customer,
    description: paymentIntent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    on_behalf_of: null,
    outcome: { network_status: 'approved_by_network', reason: null, risk_level: 'normal', seller_message: 'Payment complete.', type: 'authorized' },
    paid: true,
    payment_intent: paymentIntent.id,
    payment_method: paymentMethod,
    payment_method_details: { card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, funding: 'credit' }, type: 'card' },
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer_data: null,
    transfer_group: null,
  });
}

/** `GET /v1/charges?payment_intent=&customer=`, newest first. */
export function listCharges(store: Store, query: FormObject): List<Charge> {
  const paymentIntent = text(query, 'payment_intent');
  const customer = text(query, 'customer');
  const found = store
    .all('charge')
    .filter((charge) => paymentIntent === undefined || charge.payment_intent === paymentIntent)
    .filter((charge) => customer === undefined || charge.customer === customer);
  return limited(found, query, '/v1/charges');
}

/** The charge a refund names: `charge`, or the succeeded `payment_intent`'s latest charge. */
function chargeToRefund(store: Store, form: FormObject): Charge {
  const chargeId = text(form, 'charge');
  if (chargeId) return store.get('charge', chargeId, 'charge');
  const paymentIntentId = text(form, 'payment_intent');
  if (!paymentIntentId) throw missingParam('charge');
  const paymentIntent = store.get('payment_intent', paymentIntentId, 'payment_intent');
  if (paymentIntent.status !== 'succeeded' || !paymentIntent.latest_charge) {
    throw invalidRequest(`This PaymentIntent (${paymentIntent.id}) does not have a successful charge to refund.`, 'payment_intent', 'charge_not_refundable');
  }
  return store.get('charge', paymentIntent.latest_charge);
}

/**
 * `POST /v1/refunds`: refunds what is left of the charge (only whole refunds: an `amount` must be
 * that remainder), emits `refund.created` and `charge.refunded`. A disputed charge cannot be refunded.
 */
export function createRefund(store: Store, form: FormObject): Refund {
  const charge = chargeToRefund(store, form);
  if (charge.disputed) throw invalidRequest(`Charge ${charge.id} has been charged back; cannot issue a refund.`, undefined, 'charge_disputed');
  if (charge.refunded) throw invalidRequest(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
  const remaining = charge.amount - charge.amount_refunded;
  const amount = integer(form, 'amount') ?? remaining;
  if (amount > remaining) {
    throw invalidRequest(`Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(remaining / 100).toFixed(2)})`, 'amount', 'amount_too_large');
  }
  if (amount !== remaining) throw invalidRequest('The Stripe stand-in only makes whole refunds: leave out amount, or give what is left of the charge.', 'amount');
  const reason = text(form, 'reason');
  if (reason !== undefined && !REFUND_REASONS.includes(reason as RefundReason)) {
    throw invalidRequest(`Invalid reason: must be one of ${REFUND_REASONS.join(', ')}`, 'reason');
  }
  const refund = store.insert<Refund>({
    id: newId('re'),
    object: 'refund',
    created: now(),
    metadata: metadata(form),
    amount,
    balance_transaction: null,
    charge: charge.id,
    currency: charge.currency,
    destination_details: { card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' }, type: 'card' },
    payment_intent: charge.payment_intent,
    reason: (reason as RefundReason | undefined) ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  });
  const changes = changesOf(charge, (changed) => {
    changed.amount_refunded += amount;
    changed.refunded = changed.amount_refunded === changed.amount;
  });
  store.emit('refund.created', refund);
  store.emit('charge.refunded', charge, changes);
  return refund;
}

/** `GET /v1/refunds?charge=&payment_intent=`, newest first. */
export function listRefunds(store: Store, query: FormObject): List<Refund> {
  const charge = text(query, 'charge');
  const paymentIntent = text(query, 'payment_intent');
  const found = store
    .all('refund')
    .filter((refund) => charge === undefined || refund.charge === charge)
    .filter((refund) => paymentIntent === undefined || refund.payment_intent === paymentIntent);
  return limited(found, query, '/v1/refunds');
}

/**
 * Test helper: the card holder disputes the charge (reason `fraudulent` unless given). One dispute per
 * charge, as at Stripe; a refunded charge can still be disputed (the bank may act before the refund lands).
 */
export function openDispute(store: Store, chargeId: string, form: FormObject): Dispute {
  const charge = store.get('charge', chargeId);
  if (charge.disputed) throw invalidRequest(`Charge ${charge.id} already has a dispute.`, undefined, 'charge_disputed');
  const reason = text(form, 'reason') ?? 'fraudulent';
  if (!DISPUTE_REASONS.includes(reason as DisputeReason)) throw invalidRequest(`Invalid reason: must be one of ${DISPUTE_REASONS.join(', ')}`, 'reason');
  const created = now();
  const dispute = store.insert<Dispute>({
    id: newId('du'),
    object: 'dispute',
    created,
    livemode: false,
    metadata: {},
    amount: charge.amount,
    balance_transactions: [],
    charge: charge.id,
    currency: charge.currency,
    enhanced_eligibility_types: [],
    evidence: {
      access_activity_log: null,
      billing_address: null,
      customer_email_address: null,
      customer_name: null,
      product_description: null,
      uncategorized_text: null,
    },
    evidence_details: { due_by: created + DISPUTE_RESPONSE_SECONDS, enhanced_eligibility: {}, has_evidence: false, past_due: false, submission_count: 0 },
    is_charge_refundable: false,
    payment_intent: charge.payment_intent,
    payment_method_details: { card: { brand: 'visa', case_type: 'chargeback', network_reason_code: reason === 'fraudulent' ? '10.4' : '13.1' }, type: 'card' },
    reason: reason as DisputeReason,
    status: 'needs_response',
  });
  charge.disputed = true;
  store.emit('charge.dispute.created', dispute);
  return dispute;
}

/** `GET /v1/disputes?charge=&payment_intent=`, newest first. */
export function listDisputes(store: Store, query: FormObject): List<Dispute> {
  const charge = text(query, 'charge');
  const paymentIntent = text(query, 'payment_intent');
  const found = store
    .all('dispute')
    .filter((dispute) => charge === undefined || dispute.charge === charge)
    .filter((dispute) => paymentIntent === undefined || dispute.payment_intent === paymentIntent);
  return limited(found, query, '/v1/disputes');
}
