import { useId } from 'react';
import { limitReachedCopy } from './limit-reached';
import { PlanOffers } from './PlanOffers';
import '../styles.css';

export interface UpgradePanelProps {
  /** The allowance that ran out (free tier: 3). */
  limit?: number;
  /** A subscriber whose monthly generations are used: only the extra pack is offered. */
  requiresAdditionalOnly?: boolean;
}

/**
 * Spec section 2, "Upgrade panel": shown in place of a generator when the allowance is used up
 * (federated as `mfe_billing/UpgradePanel`).
 */
export default function UpgradePanel({ limit, requiresAdditionalOnly = false }: UpgradePanelProps) {
  const headingId = useId();
  const copy = limitReachedCopy(limit, requiresAdditionalOnly);
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-brand-200 bg-brand-50/40 p-6">
      <h2 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900">
        {copy.title}
      </h2>
      <p className="mt-2 mb-6 text-slate-600">{copy.description}</p>
      <PlanOffers show={requiresAdditionalOnly ? 'pack' : 'all'} />
    </section>
  );
}
