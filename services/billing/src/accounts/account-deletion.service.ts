import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import { billingDatabase } from '../database';
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
      const db = billingDatabase(em);
      const account = await db.selectFrom('account').selectAll().where('userId', '=', userId).forUpdate().executeTakeFirst();
      if (account) {
        // The reservations reference the account: a copy under the new id first, then they follow, then the old row goes.
        // The copy is made in SQL, every column as stored (nothing passes through JavaScript).
        const columns = Object.keys(account) as (keyof typeof account)[];
        await db
          .insertInto('account')
          .columns(columns)
          .expression(
            db
              .selectFrom('account')
              .select((eb) => columns.map((column) => (column === 'userId' ? eb.cast<string>(eb.val(anonymousId), 'uuid').as('userId') : column)))
              .where('userId', '=', userId),
          )
          .execute();
        await db.updateTable('reservation').set({ userId: anonymousId }).where('userId', '=', userId).execute();
      }
      await db.updateTable('pack_grant').set({ userId: anonymousId }).where('userId', '=', userId).execute();
      await db.updateTable('credit_adjustment').set({ userId: anonymousId }).where('userId', '=', userId).execute();
      await db.updateTable('customer').set({ userId: anonymousId }).where('userId', '=', userId).execute();
      await db.deleteFrom('daily_usage').where('userId', '=', userId).execute();
      await db.deleteFrom('account').where('userId', '=', userId).execute();
    });
  }
}
