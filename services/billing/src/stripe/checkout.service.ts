import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { ErrorCode, type CheckoutStart, type StartPackPurchaseRequest, type StartSubscriptionRequest } from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';
import { LedgerService } from '../credits/ledger.service';
import { BillingSettings } from '../settings';
import { CustomersService } from './customers.service';
import { PriceCatalog } from './price-catalog.service';
import { callStripe } from './stripe-errors';
import { STRIPE } from './stripe.provider';

/** Metadata on every pack payment: the webhook grants exactly this, once per payment. */
export const PACK_PURCHASE = 'pack';

export interface PackMetadata {
  [key: string]: string;
  kind: typeof PACK_PURCHASE;
  userId: string;
  generations: string;
}

/**
 * Starts purchases. Hosted mode answers a Stripe Checkout `url`; embedded mode a `clientSecret` for
 * Stripe.js. Nothing is granted here: webhooks grant once Stripe says the money arrived.
 */
@Injectable()
export class CheckoutService {
  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    private readonly settings: BillingSettings,
    private readonly customers: CustomersService,
    private readonly catalog: PriceCatalog,
    private readonly ledger: LedgerService,
  ) {}

  async startSubscription(request: StartSubscriptionRequest): Promise<CheckoutStart> {
    const plan = await this.catalog.activePlan('month');
    if (request.priceId !== plan.stripePriceId) throw ServiceError.validation('This plan is not on offer any more; reload the page and try again');
    const account = await this.ledger.account(request.userId);
    if (account.premium) throw new ServiceError(ErrorCode.Conflict, 'You already have an active Premium subscription');
    const customer = await this.customers.ensureCustomer(request.userId, request.email);
    // Each purchase attempt is new; the key makes the SDK's network retries of this one call safe.
    const idempotencyKey = `subscription:${request.userId}:${randomUUID()}`;
    const metadata = { userId: request.userId, planId: String(plan.id) };

    if (this.settings.checkoutMode === 'hosted') {
      return this.hostedCheckout(request, { mode: 'subscription', customer, price: plan.stripePriceId, successPage: 'subscription-success', metadata, subscription_data: { metadata } }, idempotencyKey);
    }
    const subscription = await callStripe('start the subscription', () =>
      this.stripe.subscriptions.create(
        {
          customer,
          items: [{ price: plan.stripePriceId }],
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          metadata,
          expand: ['latest_invoice.confirmation_secret'],
        },
        { idempotencyKey },
      ),
    );
    // Since API version 2025-03-31 the first invoice's payment is reached through its confirmation secret.
    const invoice = subscription.latest_invoice as Stripe.Invoice | null;
    return clientSecretOf(invoice?.confirmation_secret?.client_secret);
  }

  async startPackPurchase(request: StartPackPurchaseRequest): Promise<CheckoutStart> {
    const plan = await this.catalog.activePlan('once');
    if (request.generations !== plan.generationsLimit) throw ServiceError.validation(`Extra generations come in packs of ${plan.generationsLimit}`);
    const customer = await this.customers.ensureCustomer(request.userId, request.email);
    const idempotencyKey = `pack:${request.userId}:${randomUUID()}`;
    const metadata: PackMetadata = { kind: PACK_PURCHASE, userId: request.userId, generations: String(plan.generationsLimit) };

    if (this.settings.checkoutMode === 'hosted') {
      return this.hostedCheckout(request, { mode: 'payment', customer, price: plan.stripePriceId, successPage: 'payment-success', metadata, payment_intent_data: { metadata } }, idempotencyKey);
    }
    const paymentIntent = await callStripe('start the payment', () =>
      this.stripe.paymentIntents.create(
        { amount: plan.price, currency: 'usd', customer, metadata, description: plan.name, automatic_payment_methods: { enabled: true } },
        { idempotencyKey },
      ),
    );
    return clientSecretOf(paymentIntent.client_secret);
  }

  /** Stripe Checkout's hosted page selling one of `price`, back on the site's `successPage` once paid (or its cancel page). */
  private async hostedCheckout(
    request: { userId: string; origin: string },
    { price, successPage, ...session }: Pick<Stripe.Checkout.SessionCreateParams, 'mode' | 'customer' | 'metadata' | 'subscription_data' | 'payment_intent_data'> & { price: string; successPage: string },
    idempotencyKey: string,
  ): Promise<CheckoutStart> {
    const created = await callStripe('start the checkout', () =>
      this.stripe.checkout.sessions.create(
        {
          ...session,
          client_reference_id: request.userId,
          line_items: [{ price, quantity: 1 }],
          success_url: `${request.origin}/${successPage}?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${request.origin}/payment-cancel`,
        },
        { idempotencyKey },
      ),
    );
    if (!created.url) throw new ServiceError(ErrorCode.Upstream, 'No checkout URL received');
    return { url: created.url };
  }
}

function clientSecretOf(clientSecret: string | null | undefined): CheckoutStart {
  if (!clientSecret) throw new ServiceError(ErrorCode.Upstream, 'No client secret received');
  return { clientSecret };
}
