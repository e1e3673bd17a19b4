import type { Plan } from '@lipcast/contracts';
import { monthlyPlan, oneTimePlan } from '../plans/plans';

/** The plans the paywall lists, and the one chosen when it opens. */
export interface PaywallOffer {
  plans: Plan[];
  preselected: Plan | undefined;
}

/**
 * Spec section 2, "Paywall modal": only the active monthly plan is listed, preselected. A subscriber
 * whose monthly generations are used (`requiresAdditionalOnly`) is offered only the extra pack,
 * never the plan they already have.
 */
export function paywallOffer(plans: readonly Plan[], requiresAdditionalOnly: boolean): PaywallOffer {
  const plan = requiresAdditionalOnly ? oneTimePlan(plans) : monthlyPlan(plans);
  return plan ? { plans: [plan], preselected: plan } : { plans: [], preselected: undefined };
}

/** How a plan reads in the paywall's list. */
export interface PlanTerms {
  /** "Best Value": the monthly plan is the one recommended. */
  badge?: string;
  priceNote: string;
  features: string[];
}

export function paywallPlanTerms(plan: Plan): PlanTerms {
  if (plan.interval === 'month') {
    return {
      badge: 'Best Value',
      priceNote: '/ month',
      features: [`${plan.generationsLimit} generations monthly`, 'Full access to all features'],
    };
  }
  return {
    priceNote: 'one-time',
    features: [`${plan.generationsLimit} additional generations`, 'No subscription required'],
  };
}
