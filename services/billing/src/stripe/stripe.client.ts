import Stripe from 'stripe';
import { stripeApiErrors } from '../billing-metrics';
import type { BillingSettings } from '../settings';

/**
 * The Stripe API version this code is written against (the SDK's own pin). Shapes that matter here:
 * periods live on subscription items, an invoice names its subscription under
 * `parent.subscription_details` and exposes its payment through `confirmation_secret`.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

/** The one Stripe client of the service; with STRIPE_API_URL it talks to a Stripe-compatible stand-in. */
export function createStripeClient(settings: Pick<BillingSettings, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>): Stripe {
  const endpoint = settings.STRIPE_API_URL ? new URL(settings.STRIPE_API_URL) : null;
  const client = new Stripe(settings.STRIPE_SECRET_KEY, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Lipcast' },
    ...(endpoint
      ? { host: endpoint.hostname, port: Number(endpoint.port || (endpoint.protocol === 'https:' ? 443 : 80)), protocol: endpoint.protocol.replace(':', '') as 'http' | 'https' }
      : {}),
  });
  // Every answer of Stripe's API passes here, whichever call made it (calls Stripe never answered: stripe-errors.ts).
  client.on('response', (response: Stripe.ResponseEvent) => {
    if (response.status >= 400) stripeApiErrors.inc({ status: String(response.status) });
  });
  return client;
}
