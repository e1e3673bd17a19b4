import { Inject, Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';
import type { StripeWebhookRequest, StripeWebhookResult } from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';
import { webhookEventTypeLabel, webhookEvents } from '../billing-metrics';
import { LedgerRepository } from '../credits/ledger.repository';
import { BillingSettings } from '../settings';
import { PACK_PURCHASE } from './checkout.service';
import { PaymentMails } from './payment-mails';
import { callStripe } from './stripe-errors';
import { StripeEventsRepository } from './stripe-events.repository';
import { STRIPE } from './stripe.provider';
import { invoiceSubscriptionId, stripeId } from './subscription-state';
import { SubscriptionsService } from './subscriptions.service';

/** Signatures older than this are refused (replays of a captured delivery). */
const SIGNATURE_TOLERANCE_SECONDS = 300;
const MAX_PACK_GENERATIONS = 1000;

/**
 * Applies Stripe's webhook events. Stripe delivers each event at least once and in any order, so
 * an event is only a reason to look: the object is re-read from Stripe and applied as it is now,
 * and grants are keyed by payment. Applied events are recorded to skip exact repeats cheaply.
 */
@Injectable()
export class WebhooksService {
  private readonly logger = new Logger(WebhooksService.name);

  constructor(
    private readonly events: StripeEventsRepository,
    private readonly settings: BillingSettings,
    @Inject(STRIPE) private readonly stripe: Stripe,
    private readonly subscriptions: SubscriptionsService,
    private readonly ledger: LedgerRepository,
    private readonly mails: PaymentMails,
  ) {}

  async receive(request: StripeWebhookRequest): Promise<StripeWebhookResult> {
    let event: Stripe.Event;
    try {
      event = this.verify(request);
    } catch (error) {
      webhookEvents.inc({ type: 'unknown', outcome: 'invalid_signature' });
      throw error;
    }
    const type = webhookEventTypeLabel(event.type);
    if (await this.events.isApplied(event.id)) {
      webhookEvents.inc({ type, outcome: 'duplicate' });
      return { received: true, duplicate: true };
    }
    try {
      await this.apply(event);
      await this.events.recordApplied(event.id, event.type);
    } catch (error) {
      webhookEvents.inc({ type, outcome: 'failed' });
      throw error;
    }
    webhookEvents.inc({ type, outcome: 'applied' });
    return { received: true, duplicate: false };
  }

  private verify({ payload, signature }: StripeWebhookRequest): Stripe.Event {
    try {
      return this.stripe.webhooks.constructEvent(payload, signature, this.settings.STRIPE_WEBHOOK_SECRET, SIGNATURE_TOLERANCE_SECONDS);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.warn({ reason }, 'webhook refused');
      throw ServiceError.validation('Invalid Stripe signature');
    }
  }

  private async apply(event: Stripe.Event): Promise<void> {
    switch (event.type) {
      case 'checkout.session.completed':
        return this.checkoutCompleted(event.data.object.id);
      case 'invoice.paid': {
        const invoice = await callStripe('read the invoice', () => this.stripe.invoices.retrieve(event.data.object.id!));
        const subscriptionId = invoiceSubscriptionId(invoice);
        if (subscriptionId && invoice.status === 'paid') await this.subscriptions.refresh(subscriptionId);
        return;
      }
      case 'payment_intent.succeeded': {
        const paymentIntent = await callStripe('read the payment', () => this.stripe.paymentIntents.retrieve(event.data.object.id));
        if (paymentIntent.status === 'succeeded') await this.grantPack(paymentIntent.id, paymentIntent.metadata);
        return;
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return this.subscriptions.refresh(event.data.object.id);
      case 'charge.refunded': {
        const charge = await this.readCharge(event.data.object.id);
        // Only a whole refund takes the purchase back; a partial one is a gesture that leaves it.
        if (charge.refunded) await this.paymentTakenBack(charge, 'refund');
        return;
      }
      case 'charge.dispute.created': {
        const dispute = await callStripe('read the dispute', () => this.stripe.disputes.retrieve(event.data.object.id));
        const chargeId = stripeId(dispute.charge);
        if (chargeId) await this.paymentTakenBack(await this.readCharge(chargeId), 'dispute');
        return;
      }
      default:
        this.logger.debug({ type: event.type }, 'webhook event not used');
    }
  }

  private async checkoutCompleted(sessionId: string): Promise<void> {
    const session = await callStripe('read the checkout', () => this.stripe.checkout.sessions.retrieve(sessionId));
    if (session.mode === 'subscription') {
      const subscriptionId = stripeId(session.subscription);
      if (subscriptionId) await this.subscriptions.refresh(subscriptionId);
      return;
    }
    const paymentId = stripeId(session.payment_intent);
    if (session.mode === 'payment' && session.payment_status === 'paid' && paymentId) await this.grantPack(paymentId, session.metadata ?? {});
  }

  /** Grants what our own metadata on the payment says; a payment that is not a pack is ignored. */
  private async grantPack(paymentId: string, metadata: Stripe.Metadata): Promise<void> {
    const pack = this.packOf(paymentId, metadata);
    if (pack && (await this.ledger.grantPack(pack.userId, paymentId, pack.generations))) {
      this.logger.log({ paymentId, ...pack }, 'pack granted');
      this.mails.confirmed({ userId: pack.userId, kind: 'pack', paymentId, generations: pack.generations });
    }
  }

  /** The user and size of a pack purchase, from our own metadata on its payment; null for anything else. */
  private packOf(paymentId: string, metadata: Stripe.Metadata): { userId: string; generations: number } | null {
    if (metadata.kind !== PACK_PURCHASE) return null;
    const generations = Number(metadata.generations);
    if (!metadata.userId || !Number.isInteger(generations) || generations < 1 || generations > MAX_PACK_GENERATIONS) {
      this.logger.error({ paymentId, metadata }, 'pack payment with unusable metadata; ignored');
      return null;
    }
    return { userId: metadata.userId, generations };
  }

  private readCharge(chargeId: string): Promise<Stripe.Charge> {
    return callStripe('read the charge', () => this.stripe.charges.retrieve(chargeId));
  }

  /**
   * A charge was refunded in whole or disputed: the money is going back, so what it bought goes too.
   * A pack loses the credits it still has; a subscription invoice ends Premium (SubscriptionsService).
   */
  private async paymentTakenBack(charge: Stripe.Charge, reason: 'refund' | 'dispute'): Promise<void> {
    const paymentId = stripeId(charge.payment_intent);
    if (!paymentId) return; // a charge without a PaymentIntent was not made by us
    const paymentIntent = await callStripe('read the payment', () => this.stripe.paymentIntents.retrieve(paymentId));
    const pack = this.packOf(paymentId, paymentIntent.metadata);
    if (pack) {
      const revoked = await this.ledger.revokePack(pack.userId, paymentId, pack.generations);
      if (revoked !== null) this.logger.log({ paymentId, userId: pack.userId, reason, revoked }, 'pack revoked');
      return;
    }
    const { data } = await callStripe('read the invoice payment', () =>
      this.stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: paymentId }, limit: 1 }),
    );
    const invoiceId = stripeId(data[0]?.invoice);
    if (invoiceId) await this.subscriptions.endForTakenBackInvoice(invoiceId, reason);
  }
}
