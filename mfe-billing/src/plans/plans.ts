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

/**
 * The one list of offers where a user can buy generations (the upgrade panel, the paywall and the
 * pricing page): the monthly plan and the extra pack; a subscriber (`requiresAdditionalOnly`) is
 * offered only the pack, never the plan they already have.
 */
export function offeredPlans(plans: readonly Plan[], requiresAdditionalOnly: boolean): Plan[] {
  const monthly = requiresAdditionalOnly ? undefined : monthlyPlan(plans);
  const pack = oneTimePlan(plans);
  return [monthly, pack].filter((plan): plan is Plan => plan !== undefined);
}

/** How an offer reads (spec section 2, upgrade panel and paywall). */
export interface PlanTerms {
  /** "Best Value": the monthly plan is the one recommended. */
  badge?: string;
  priceNote: string;
  features: string[];
  /** Where the inline offers send the buyer. */
  action: { label: string; to: string };
}

export function planTerms(plan: Plan): PlanTerms {
  if (plan.interval === 'month') {
    return {
      badge: 'Best Value',
      priceNote: '/ month',
      features: [`${plan.generationsLimit} generations monthly`, 'Full access to all features'],
      action: { label: 'Subscribe Now', to: '/subscribe' },
    };
  }
  return {
    priceNote: 'one-time payment',
    features: [`${plan.generationsLimit} additional generations`, 'No subscription required'],
    action: { label: 'Buy Credits', to: '/additional-generations' },
  };
}
