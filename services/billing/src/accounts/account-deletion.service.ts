import { Inject, Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { LedgerRepository } from '../credits/ledger.repository';
import { CustomersRepository } from '../stripe/customers.repository';
import { callStripe } from '../stripe/stripe-errors';
import { STRIPE } from '../stripe/stripe.provider';
import { isLive } from '../stripe/subscription-state';

/**
 * Deleting a user's account, as far as billing goes: any live subscription ends at Stripe at once
 * (nothing more is charged), then the ledger (account, reservations, pack grants, the Stripe customer
 * link) is kept for accounting under a new anonymous id that nothing else knows; daily usage goes.
 * Each step can run again, so a failed deletion can be retried.
 */
@Injectable()
export class AccountDeletionService {
  private readonly logger = new Logger(AccountDeletionService.name);

  constructor(
    private readonly ledger: LedgerRepository,
    @Inject(STRIPE) private readonly stripe: Stripe,
    private readonly customers: CustomersRepository,
  ) {}

  async delete(userId: string): Promise<{ deleted: true }> {
    await this.endSubscriptions(userId);
    await this.ledger.anonymise(userId, crypto.randomUUID());
    return { deleted: true };
  }

  private async endSubscriptions(userId: string): Promise<void> {
    const customerId = await this.customers.stripeCustomerIdOf(userId);
    if (!customerId) return;
    const { data } = await callStripe('read your subscription', () => this.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 }));
    for (const subscription of data.filter(isLive)) {
      await callStripe('end your subscription', () => this.stripe.subscriptions.cancel(subscription.id));
      this.logger.log({ subscriptionId: subscription.id }, 'subscription ended: its account was deleted');
    }
  }
}
