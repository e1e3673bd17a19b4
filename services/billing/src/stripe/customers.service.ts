import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { CustomersRepository } from './customers.repository';
import { callStripe, isMissingResource } from './stripe-errors';
import { STRIPE } from './stripe.provider';

/** The link between our users and Stripe customers (one customer per user). */
@Injectable()
export class CustomersService {
  constructor(
    private readonly customers: CustomersRepository,
    @Inject(STRIPE) private readonly stripe: Stripe,
  ) {}

  /**
   * The user's Stripe customer, created on first need. A stored customer that Stripe no longer knows
   * (deleted, or made with other keys) is replaced. The idempotency key makes concurrent first
   * purchases share one customer.
   */
  async ensureCustomer(userId: string, email: string | null): Promise<string> {
    const stored = await this.customers.stripeCustomerIdOf(userId);
    if (stored && (await this.stillExists(stored))) return stored;
    const customer = await callStripe('create a customer', () =>
      this.stripe.customers.create(
        { ...(email ? { email } : {}), metadata: { userId } },
        { idempotencyKey: stored ? `customer:${userId}:replaces:${stored}` : `customer:${userId}` },
      ),
    );
    await this.customers.save(userId, customer.id);
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
