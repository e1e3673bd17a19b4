import { Inject, Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { ErrorCode, type Account } from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';
import { LedgerRepository } from '../credits/ledger.repository';
import { LedgerService } from '../credits/ledger.service';
import { CustomersRepository } from './customers.repository';
import { PaymentMails } from './payment-mails';
import { PriceCatalog } from './price-catalog.service';
import { callStripe } from './stripe-errors';
import { STRIPE } from './stripe.provider';
import { currentSubscription, invoiceSubscriptionId, isLive, stripeId, subscriptionState } from './subscription-state';

/**
 * Keeps each account's plan equal to its Stripe subscription. Every path (webhook, sync, cancel)
 * applies the subscription as Stripe has it now, so events may arrive late, twice or out of order.
 */
@Injectable()
export class SubscriptionsService {
  private readonly logger = new Logger(SubscriptionsService.name);

  constructor(
    private readonly accounts: LedgerRepository,
    @Inject(STRIPE) private readonly stripe: Stripe,
    private readonly customers: CustomersRepository,
    private readonly catalog: PriceCatalog,
    private readonly ledger: LedgerService,
    private readonly mails: PaymentMails,
  ) {}

  /** Re-reads a subscription from Stripe and applies it; the event that named it is only a hint. */
  async refresh(subscriptionId: string): Promise<void> {
    const subscription = await callStripe('read the subscription', () => this.stripe.subscriptions.retrieve(subscriptionId));
    await this.apply(subscription);
  }

  /**
   * Writes the subscription into its user's account. A dead subscription never overwrites another
   * one the account follows (a late "deleted" of an old plan must not end a newer plan).
   */
  async apply(subscription: Stripe.Subscription): Promise<void> {
    const state = subscriptionState(subscription);
    const userId = state.userId ?? (await this.customers.userIdOf(state.customerId));
    if (!userId) {
      this.logger.warn({ subscriptionId: state.subscriptionId, customerId: state.customerId }, 'subscription of an unknown customer ignored');
      return;
    }
    const plan = await this.catalog.planForPrice(state.priceId);
    const previous = await this.accounts.applySubscription(
      userId,
      {
        subscriptionId: state.subscriptionId,
        subscriptionStatus: state.status,
        subscriptionPlan: plan?.name ?? 'Premium',
        periodStart: state.periodStart,
        periodEnd: state.periodEnd,
        cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      },
      (current) => Boolean(current.subscriptionId) && current.subscriptionId !== state.subscriptionId && !isLive(subscription),
    );
    const becameActive = previous !== null && state.status === 'active' && (previous.subscriptionId !== state.subscriptionId || previous.subscriptionStatus !== 'active');
    // Once per subscription: content keeps which ones had their mail.
    if (becameActive) this.mails.confirmed({ userId, kind: 'premium', paymentId: state.subscriptionId });
  }

  /**
   * An invoice's payment was refunded in whole or disputed. Stripe leaves the subscription as it was;
   * our policy is that money taken back for the period being served ends Premium now, so the
   * subscription is canceled at Stripe (once: a canceled one is left alone) and its state applied.
   * A refund of an older period's invoice changes nothing but re-reads the subscription.
   */
  async endForTakenBackInvoice(invoiceId: string, reason: 'refund' | 'dispute'): Promise<void> {
    const invoice = await callStripe('read the invoice', () => this.stripe.invoices.retrieve(invoiceId));
    const subscriptionId = invoiceSubscriptionId(invoice);
    if (!subscriptionId) return;
    let subscription = await callStripe('read the subscription', () => this.stripe.subscriptions.retrieve(subscriptionId));
    if (isLive(subscription) && stripeId(subscription.latest_invoice) === invoice.id) {
      subscription = await callStripe('end the subscription', () => this.stripe.subscriptions.cancel(subscriptionId));
      this.logger.log({ subscriptionId, invoiceId, reason }, 'subscription ended: its invoice was taken back');
    }
    await this.apply(subscription);
  }

  /** Reads the user's subscriptions from Stripe and applies the current one (profile and success page). */
  async sync(userId: string): Promise<Account> {
    const customerId = await this.customers.stripeCustomerIdOf(userId);
    if (customerId) {
      const { data } = await callStripe('read your subscription', () => this.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 10 }));
      const current = currentSubscription(data);
      if (current) await this.apply(current);
    }
    return this.ledger.account(userId);
  }

  /** Cancels at the end of the paid period: the plan and its generations stay until then. */
  async cancel(userId: string): Promise<Account> {
    const subscriptionId = await this.accounts.subscriptionIdOf(userId);
    const current = await this.ledger.account(userId);
    if (!subscriptionId || !current.premium) throw new ServiceError(ErrorCode.NotFound, 'You have no active subscription to cancel');
    const subscription = await callStripe('cancel your subscription', () => this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }));
    await this.apply(subscription);
    return this.ledger.account(userId);
  }
}
