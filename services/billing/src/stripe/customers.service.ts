import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import { billingDatabase } from '../database';
import { callStripe, isMissingResource } from './stripe-errors';
import { STRIPE } from './stripe.provider';

/** The link between our users and Stripe customers (one customer per user). */
@Injectable()
export class CustomersService {
  constructor(
    private readonly em: EntityManager,
    @Inject(STRIPE) private readonly stripe: Stripe,
  ) {}

  async customerId(userId: string): Promise<string | null> {
    const customer = await billingDatabase(this.em).selectFrom('customer').select('stripeCustomerId').where('userId', '=', userId).executeTakeFirst();
    return customer?.stripeCustomerId ?? null;
  }

  async userIdForCustomer(customerId: string): Promise<string | null> {
    const customer = await billingDatabase(this.em).selectFrom('customer').select('userId').where('stripeCustomerId', '=', customerId).executeTakeFirst();
    return customer?.userId ?? null;
  }

  /**
   * The user's Stripe customer, created on first need. A stored customer that Stripe no longer knows
   * (deleted, or made with other keys) is replaced. The idempotency key makes concurrent first
   * purchases share one customer.
   */
  async ensureCustomer(userId: string, email: string | null): Promise<string> {
    const stored = await this.customerId(userId);
    if (stored && (await this.stillExists(stored))) return stored;
    const customer = await callStripe('create a customer', () =>
      this.stripe.customers.create(
        { ...(email ? { email } : {}), metadata: { userId } },
        { idempotencyKey: stored ? `customer:${userId}:replaces:${stored}` : `customer:${userId}` },
      ),
    );
    await billingDatabase(this.em)
      .insertInto('customer')
      .values({ userId, stripeCustomerId: customer.id })
      .onConflict((conflict) => conflict.column('userId').doUpdateSet((eb) => ({ stripeCustomerId: eb.ref('excluded.stripeCustomerId') })))
      .execute();
    return customer.id;
  }

  private async stillExists(customerId: string): Promise<boolean> {
    try {
      const customer = await this.stripe.customers.retrieve(customerId);
      return !customer.deleted;
    } catch (error) {
      if (isMissingResource(error)) return false;
      return callStripe('find the customer', () => Promise.reject(error));
    }
  }
}
