import { counter } from '@lipcast/nest-kit';

/** The billing metrics (see ARCHITECTURE.md, "Metrics"): labels are credit sources, event types, outcomes and statuses, never a user. */

export const creditsReserved = counter({
  name: 'lipcast_billing_credits_reserved_total',
  help: 'Generations reserved for a job (a repeated reserve of the same job not counted), by source (free, period, pack)',
  labelNames: ['source'],
});

export const creditsCommitted = counter({
  name: 'lipcast_billing_credits_committed_total',
  help: 'Reserved generations spent by a succeeded job, by source',
  labelNames: ['source'],
});

export const creditsReleased = counter({
  name: 'lipcast_billing_credits_released_total',
  help: 'Reserved generations given back by a failed or cancelled job, by source',
  labelNames: ['source'],
});

export const paymentRequired = counter({
  name: 'lipcast_billing_payment_required_total',
  help: 'Reserves and checks refused with PAYMENT_REQUIRED (the gateway answers 402), by plan (free, premium)',
  labelNames: ['plan'],
});

/** The Stripe events the webhook acts on; any other type is labelled `other`. */
const HANDLED_EVENT_TYPES = new Set([
  'checkout.session.completed',
  'invoice.paid',
  'payment_intent.succeeded',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'charge.refunded',
  'charge.dispute.created',
]);

export const webhookEventTypeLabel = (type: string) => (HANDLED_EVENT_TYPES.has(type) ? type : 'other');

export const webhookEvents = counter({
  name: 'lipcast_billing_stripe_webhook_events_total',
  help: 'Stripe webhook events received, by type and outcome (applied, duplicate, failed, invalid_signature)',
  labelNames: ['type', 'outcome'],
});

export const stripeApiErrors = counter({
  name: 'lipcast_billing_stripe_api_errors_total',
  help: 'Failed Stripe API calls, by HTTP status (or `connection` when Stripe was not reached)',
  labelNames: ['status'],
});
