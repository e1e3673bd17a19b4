import { Injectable } from '@nestjs/common';
import { BillingRepository } from '../database';

/** Which Stripe customer each user is (`customer`: one per user). */
@Injectable()
export class CustomersRepository extends BillingRepository {
  async stripeCustomerIdOf(userId: string): Promise<string | null> {
    const customer = await this.db.selectFrom('customer').select('stripeCustomerId').where('userId', '=', userId).executeTakeFirst();
    return customer?.stripeCustomerId ?? null;
  }

  async userIdOf(stripeCustomerId: string): Promise<string | null> {
    const customer = await this.db.selectFrom('customer').select('userId').where('stripeCustomerId', '=', stripeCustomerId).executeTakeFirst();
    return customer?.userId ?? null;
  }

  /** The user's Stripe customer from now on (a first one, or one that replaces a customer Stripe no longer knows). */
  async save(userId: string, stripeCustomerId: string): Promise<void> {
    await this.db
      .insertInto('customer')
      .values({ userId, stripeCustomerId })
      .onConflict((conflict) => conflict.column('userId').doUpdateSet((eb) => ({ stripeCustomerId: eb.ref('excluded.stripeCustomerId') })))
      .execute();
  }
}
