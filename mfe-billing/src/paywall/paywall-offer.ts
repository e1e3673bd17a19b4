import type { Plan } from '@lipcast/contracts';
import { monthlyPlan, offeredPlans } from '../plans/plans';

/** The plans the paywall lists, and the one chosen when it opens. */
export interface PaywallOffer {
  plans: Plan[];
  preselected: Plan | undefined;
}

/**
 * The paywall lists the same offers as the upgrade panel (`offeredPlans`: the monthly plan and the
 * pack; a subscriber only the pack). The monthly plan is preselected (spec section 2), else the
 * first offer. The spec lists only the monthly plan here; see ARCHITECTURE.md, deliberate changes.
 */
export function paywallOffer(plans: readonly Plan[], requiresAdditionalOnly: boolean): PaywallOffer {
  const offers = offeredPlans(plans, requiresAdditionalOnly);
  const monthly = monthlyPlan(offers);
  return { plans: offers, preselected: monthly ?? offers[0] };
}
