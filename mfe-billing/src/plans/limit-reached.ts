import { FREE_GENERATIONS } from '@lipcast/contracts';

/** The headline and sentence shown when the allowance runs out (paywall modal and upgrade panel). */
export interface LimitReachedCopy {
  title: string;
  description: string;
}

export const FREE_LIMIT_TITLE = "You've reached your free limit";
export const MONTHLY_LIMIT_TITLE = "You've used this month's generations";

/**
 * A free user is offered the plan (spec section 2, "You've reached your free limit"); a subscriber
 * whose monthly allowance is used (`requiresAdditionalOnly`) can only buy an extra pack, so the text
 * speaks of their plan instead of the free tier.
 */
export function limitReachedCopy(limit: number = FREE_GENERATIONS, requiresAdditionalOnly = false): LimitReachedCopy {
  if (requiresAdditionalOnly) {
    return {
      title: MONTHLY_LIMIT_TITLE,
      description: `You've used all ${limit} generations of your plan this month. Buy additional generations to keep creating.`,
    };
  }
  return {
    title: FREE_LIMIT_TITLE,
    description: `You've used all ${limit} free generations. Upgrade to keep creating videos.`,
  };
}
