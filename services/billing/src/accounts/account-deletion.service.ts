import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import { CustomersService } from '../stripe/customers.service';
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
    private readonly em: EntityManager,
    @Inject(STRIPE) private readonly stripe: Stripe,
    private readonly customers: CustomersService,
  ) {}

  async delete(userId: string): Promise<{ deleted: true }> {
    await this.endSubscriptions(userId);
    await this.anonymise(userId);
    return { deleted: true };
  }

  private async endSubscriptions(userId: string): Promise<void> {
    const customerId = await this.customers.customerId(userId);
    if (!customerId) return;
    const { data } = await callStripe('read your subscription', () => this.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 }));
    for (const subscription of data.filter(isLive)) {
      await callStripe('end your subscription', () => this.stripe.subscriptions.cancel(subscription.id));
      this.logger.log({ subscriptionId: subscription.id }, 'subscription ended: its account was deleted');
    }
  }

  private async anonymise(userId: string): Promise<void> {
    const anonymousId = crypto.randomUUID();
    await this.em.transactional(async (em) => {
      const [account] = await em.execute<Record<string, unknown>[]>('select * from billing.account where user_id = ? for update', [userId]);
      if (account) {
        // The reservations reference the account: a copy under the new id first, then they follow, then the old row goes.
        const columns = Object.keys(account);
        await em.execute(
          `insert into billing.account (${columns.map((column) => `"${column}"`).join(', ')}) select ${columns.map((column) => (column === 'user_id' ? '?::uuid' : `"${column}"`)).join(', ')} from billing.account where user_id = ?`,
          [anonymousId, userId],
        );
        await em.execute('update billing.reservation set user_id = ? where user_id = ?', [anonymousId, userId]);
      }
      await em.execute('update billing.pack_grant set user_id = ? where user_id = ?', [anonymousId, userId]);
      await em.execute('update billing.credit_adjustment set user_id = ? where user_id = ?', [anonymousId, userId]);
      await em.execute('update billing.customer set user_id = ? where user_id = ?', [anonymousId, userId]);
      await em.execute('delete from billing.daily_usage where user_id = ?', [userId]);
      await em.execute('delete from billing.account where user_id = ?', [userId]);
    });
  }
}
