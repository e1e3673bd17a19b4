import type { Provider } from '@nestjs/common';
import { BillingSettings } from '../settings';
import { createStripeClient } from './stripe.client';

/** Injection token of the Stripe client (`@Inject(STRIPE) stripe: Stripe`). */
export const STRIPE = Symbol('Stripe');

export const stripeProvider: Provider = {
  provide: STRIPE,
  useFactory: (settings: BillingSettings) => createStripeClient(settings),
  inject: [BillingSettings],
};
