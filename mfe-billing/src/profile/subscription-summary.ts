import { PREMIUM_GENERATIONS_PER_PERIOD, type Account } from '@lipcast/contracts';
import { generationAllowance, isPremium } from '@lipcast/web-kit';

/**
 * What the profile's subscription box shows: the free tier, an active plan that renews, or a
 * cancelled plan that stays active until the end of the paid period and then stops.
 */
export type SubscriptionSummary =
  | { kind: 'free'; allowance: number }
  | { kind: 'renewing'; allowance: number; periodEnd: string | null }
  | { kind: 'ending'; allowance: number; periodEnd: string | null };

type PlanFields = Pick<Account, 'premium' | 'subscriptionPeriodEnd' | 'subscriptionCancelAtPeriodEnd'>;

export function subscriptionSummary(account: PlanFields): SubscriptionSummary {
  if (!isPremium(account)) return { kind: 'free', allowance: generationAllowance(account) };
  const kind = account.subscriptionCancelAtPeriodEnd ? 'ending' : 'renewing';
  return { kind, allowance: generationAllowance(account), periodEnd: account.subscriptionPeriodEnd };
}

/** Spec section 6: at 60 or more generations the user is offered more. */
export function canBuyMoreGenerations(generationsCount: number): boolean {
  return generationsCount >= PREMIUM_GENERATIONS_PER_PERIOD;
}

/** A date as people in the US write it ("March 5, 2026"); none for a missing value, an unreadable one as is. */
export function formatUsDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** Up to two letters for the avatar when there is no picture: first and last name, else the username. */
export function initials(user: { firstName?: string | null; lastName?: string | null; username?: string | null }): string {
  const fromNames = [user.firstName, user.lastName].map((name) => name?.trim().charAt(0) ?? '').join('');
  if (fromNames) return fromNames.toUpperCase();
  return (user.username?.trim().slice(0, 2) || 'U').toUpperCase();
}
