import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
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
    const [row] = await this.em.execute<{ stripe_customer_id: string }[]>('select stripe_customer_id from billing.customer where user_id = ?', [userId]);
    return row?.stripe_customer_id ?? null;
  }

  async userIdForCustomer(customerId: string): Promise<string | null> {
    const [row] = await this.em.execute<{ user_id: string }[]>('select user_id from billing.customer where stripe_customer_id = ?', [customerId]);
    return row?.user_id ?? null;
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
    await this.em.execute(
      `insert into billing.customer (user_id, stripe_customer_id) values (?, ?)
       on conflict (user_id) do update set stripe_customer_id = excluded.stripe_customer_id`,
      [userId, customer.id],
    );
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
