import type { Plan } from '@lipcast/contracts';

export const PLANS_QUERY_KEY = ['/api/stripe/plans'] as const;

/** Prices are stored in cents and shown in dollars with two decimals (spec section 9). */
export function formatPrice(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** The subscription on offer: the first active monthly plan. */
export function monthlyPlan(plans: readonly Plan[]): Plan | undefined {
  return plans.find((plan) => plan.isActive && plan.interval === 'month');
}

/** The extra pack on offer: the first active one-time plan. */
export function oneTimePlan(plans: readonly Plan[]): Plan | undefined {
  return plans.find((plan) => plan.isActive && plan.interval === 'once');
}
