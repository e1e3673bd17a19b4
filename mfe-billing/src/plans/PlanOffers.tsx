import { Link } from 'react-router-dom';
import type { Plan } from '@lipcast/contracts';
import { Badge, Button, Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle, Spinner } from '@lipcast/ui';
import { formatPrice, monthlyPlan, oneTimePlan } from './plans';
import { usePlans } from './usePlans';

export interface PlanOffersProps {
  /** `pack`: only the one-time pack, for a subscriber who already has the plan. */
  show?: 'all' | 'pack';
}

/**
 * The offers side by side: the monthly plan ("Best Value") and the one-time pack, with the spec's
 * wording. Used by the pricing page and the upgrade panel.
 */
export function PlanOffers({ show = 'all' }: PlanOffersProps) {
  const { data: plans, isLoading } = usePlans();

  if (isLoading) {
    return (
      <div className="flex items-center gap-3 text-slate-600">
        <Spinner label="Loading payment options" size="sm" />
        <span>Loading payment options...</span>
      </div>
    );
  }
  const monthly = show === 'all' && plans ? monthlyPlan(plans) : undefined;
  const pack = plans && oneTimePlan(plans);
  return (
    <div className={monthly ? 'grid gap-6 md:grid-cols-2' : 'grid max-w-md gap-6'}>
      {monthly && (
        <Offer
          plan={monthly}
          featured
          priceNote="/ month"
          features={[`${monthly.generationsLimit} generations monthly`, 'Full access to all features']}
          action={{ label: 'Subscribe Now', to: '/subscribe' }}
        />
      )}
      {pack && (
        <Offer
          plan={pack}
          priceNote="one-time payment"
          features={[`${pack.generationsLimit} additional generations`, 'No subscription required']}
          action={{ label: 'Buy Credits', to: '/additional-generations' }}
        />
      )}
    </div>
  );
}

interface OfferProps {
  plan: Plan;
  /** The monthly plan is the one we recommend: "Best Value", highlighted. */
  featured?: boolean;
  priceNote: string;
  features: string[];
  action: { label: string; to: string };
}

function Offer({ plan, featured = false, priceNote, features, action }: OfferProps) {
  return (
    <Card className={featured ? 'border-brand-500 ring-2 ring-brand-500/20' : undefined}>
      <CardHeader>
        {featured && <Badge className="w-fit">Best Value</Badge>}
        <CardTitle>{plan.name}</CardTitle>
        <CardDescription>
          <span className="text-3xl font-bold text-slate-900">{formatPrice(plan.price)}</span> {priceNote}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="space-y-1 text-sm text-slate-700">
          {features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        <Button asChild variant={featured ? 'default' : 'outline'} className="w-full">
          <Link to={action.to}>{action.label}</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
