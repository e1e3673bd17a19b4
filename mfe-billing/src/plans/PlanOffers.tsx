import type { ReactNode } from 'react';
import { Spinner } from '@lipcast/ui';
import { OfferList } from './OfferList';
import { offeredPlans } from './plans';
import { usePlans } from './usePlans';

export interface PlanOffersProps {
  /** `pack`: only the one-time pack, for a subscriber who already has the plan. */
  show?: 'all' | 'pack';
  /** A card before the offers in the same row (the pricing page's Free column). */
  leading?: ReactNode;
}

/**
 * The offers side by side, each with a link to buy it: the monthly plan ("Best Value") and the
 * one-time pack, with the spec's wording. Used by the pricing page and the upgrade panel; the
 * paywall renders the same `OfferList` as radios.
 */
export function PlanOffers({ show = 'all', leading }: PlanOffersProps) {
  const { data: plans, isLoading } = usePlans();
  if (isLoading) {
    // Shown while the plans load (spec section 2, upgrade panel).
    return (
      <div className="flex items-center gap-3 text-slate-600">
        <Spinner label="Loading payment options" size="sm" />
        <span>Loading payment options...</span>
      </div>
    );
  }
  return <OfferList plans={offeredPlans(plans ?? [], show === 'pack')} leading={leading} />;
}
