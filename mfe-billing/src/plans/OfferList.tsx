import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Plan } from '@lipcast/contracts';
import { Badge, Button, Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle, cn } from '@lipcast/ui';
import { formatPrice, planTerms } from './plans';

/** The paywall's way of choosing: one radio per offer, the chosen one highlighted. */
export interface OfferChoice {
  /** The radio group's name. */
  name: string;
  selectedId: number | undefined;
  onSelect: (plan: Plan) => void;
}

export interface OfferListProps {
  /** What to offer, in order (`offeredPlans`). */
  plans: readonly Plan[];
  /** Given: the offers are radios to choose from (the paywall). Absent: cards with a link each (upgrade panel, pricing). */
  choice?: OfferChoice;
  /** A card shown before the offers in the same row (the pricing page's Free column). */
  leading?: ReactNode;
}

const COLUMNS = ['', 'max-w-md', 'md:grid-cols-2', 'md:grid-cols-3'] as const;

/**
 * The one rendering of the offers, shared by the upgrade panel, the pricing page and the paywall so
 * they always offer the same plans in the same words.
 */
export function OfferList({ plans, choice, leading }: OfferListProps) {
  if (choice) {
    return (
      <div className="grid gap-3">
        {plans.map((plan) => (
          <OfferRadio key={plan.id} plan={plan} choice={choice} />
        ))}
      </div>
    );
  }
  const count = plans.length + (leading ? 1 : 0);
  return (
    <div className={cn('grid gap-6', COLUMNS[Math.min(count, COLUMNS.length - 1)])}>
      {leading}
      {plans.map((plan) => (
        <OfferCard key={plan.id} plan={plan} />
      ))}
    </div>
  );
}

/** An offer's features, one line each. */
export function OfferFeatures({ features }: { features: readonly string[] }) {
  return (
    <ul className="space-y-1 text-sm text-slate-700">
      {features.map((feature) => (
        <li key={feature}>{feature}</li>
      ))}
    </ul>
  );
}

function OfferCard({ plan }: { plan: Plan }) {
  const terms = planTerms(plan);
  const featured = terms.badge !== undefined;
  return (
    <Card className={featured ? 'border-brand-500 ring-2 ring-brand-500/20' : undefined}>
      <CardHeader>
        {terms.badge && <Badge className="w-fit">{terms.badge}</Badge>}
        <CardTitle>{plan.name}</CardTitle>
        <CardDescription>
          <span className="text-3xl font-bold text-slate-900">{formatPrice(plan.price)}</span> {terms.priceNote}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <OfferFeatures features={terms.features} />
      </CardContent>
      <CardFooter>
        <Button asChild variant={featured ? 'default' : 'outline'} className="w-full">
          <Link to={terms.action.to}>{terms.action.label}</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

function OfferRadio({ plan, choice }: { plan: Plan; choice: OfferChoice }) {
  const terms = planTerms(plan);
  const checked = plan.id === choice.selectedId;
  return (
    <label
      className={cn(
        'flex cursor-pointer gap-3 rounded-xl border p-4 transition-colors',
        checked ? 'border-brand-500 bg-brand-50/50 ring-2 ring-brand-500/20' : 'border-neutral-200 hover:bg-neutral-50',
      )}
    >
      <input type="radio" name={choice.name} className="mt-1 accent-brand-600" checked={checked} onChange={() => choice.onSelect(plan)} />
      <span className="grid flex-1 gap-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-neutral-900">{plan.name}</span>
          {terms.badge && <Badge>{terms.badge}</Badge>}
        </span>
        <span className="text-sm text-neutral-600">
          <span className="text-xl font-bold text-neutral-900">{formatPrice(plan.price)}</span> {terms.priceNote}
        </span>
        <span className="grid text-sm text-neutral-700">
          {terms.features.map((feature) => (
            <span key={feature}>{feature}</span>
          ))}
        </span>
      </span>
    </label>
  );
}
