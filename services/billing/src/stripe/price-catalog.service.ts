import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type Stripe from 'stripe';
import { ServiceError } from '@lipcast/nest-kit';
import type { Plan } from '../plans/plan.entity';
import { PlansRepository } from '../plans/plans.repository';
import { BillingSettings } from '../settings';
import { callStripe } from './stripe-errors';
import { STRIPE } from './stripe.provider';

/**
 * Prices live in Stripe; each plan row finds its price by lookup key and keeps the price id. A plan
 * whose amount changed gets a new Stripe price that takes the lookup key over (Stripe prices are
 * immutable). Runs at start-up without blocking it, and again before a purchase if it has not succeeded.
 */
@Injectable()
export class PriceCatalog implements OnApplicationBootstrap {
  private readonly logger = new Logger(PriceCatalog.name);
  private syncing: Promise<void> | null = null;

  constructor(
    private readonly plans: PlansRepository,
    private readonly settings: BillingSettings,
    @Inject(STRIPE) private readonly stripe: Stripe,
  ) {}

  onApplicationBootstrap(): void {
    this.ready().catch((error: unknown) => this.logger.error({ err: error }, 'Stripe prices are not set up yet; purchases will retry'));
  }

  /** Resolves once every active plan has its Stripe price; a failed attempt is retried on the next call. */
  ready(): Promise<void> {
    this.syncing ??= this.syncPrices().catch((error: unknown) => {
      this.syncing = null;
      throw error;
    });
    return this.syncing;
  }

  /** The plan on offer for an interval, with its Stripe price. */
  async activePlan(interval: Plan['interval']): Promise<Plan & { stripePriceId: string }> {
    await this.ready();
    const plan = await this.plans.findActive(interval);
    if (!plan?.stripePriceId) throw ServiceError.notFound(interval === 'month' ? 'No active subscription plan found' : 'No active extra generations plan found');
    return plan as Plan & { stripePriceId: string };
  }

  /** The plan sold at this Stripe price (any price the plan ever had is not kept: only the current one). */
  async planForPrice(priceId: string | null): Promise<Plan | null> {
    return priceId ? this.plans.findByStripePrice(priceId) : null;
  }

  private async syncPrices(): Promise<void> {
    const plans = await this.plans.updatePrices(this.settings.PREMIUM_PRICE_CENTS, (plan) => this.currentPrice(plan));
    this.logger.log(`Stripe prices ready for ${plans.map((plan) => plan.name).join(', ')}`);
  }

  private async currentPrice(plan: Plan): Promise<string> {
    const { data } = await callStripe('list prices', () => this.stripe.prices.list({ lookup_keys: [plan.stripeLookupKey], active: true, limit: 1 }));
    const current = data[0];
    const interval = plan.interval === 'month' ? 'month' : null;
    if (current && current.unit_amount === plan.price && current.currency === 'usd' && (current.recurring?.interval ?? null) === interval) return current.id;
    const price = await callStripe('create a price', () =>
      this.stripe.prices.create(
        {
          currency: 'usd',
          unit_amount: plan.price,
          ...(interval ? { recurring: { interval } } : {}),
          product_data: { name: plan.name },
          lookup_key: plan.stripeLookupKey,
          transfer_lookup_key: true,
          metadata: { planId: String(plan.id) },
        },
        // One key per transition, so a retried start-up never makes two prices for one change.
        { idempotencyKey: `price:${plan.stripeLookupKey}:${plan.price}:replaces:${current?.id ?? 'none'}` },
      ),
    );
    return price.id;
  }
}
