import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { Plan } from '@lipcast/contracts';
import { Badge, Button, Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle, Spinner } from '@lipcast/ui';
import { toast } from '@lipcast/web-kit';
import { formatPrice, monthlyPlan, oneTimePlan, PLANS_QUERY_KEY } from './plans';

/**
 * The two offers side by side: the monthly plan ("Best Value") and the one-time pack, with the
 * spec's wording. Used by the pricing page and, later, the upgrade panel.
 */
export function PlanOffers() {
  const { data: plans, isLoading, isError } = useQuery<Plan[]>({ queryKey: PLANS_QUERY_KEY });

  useEffect(() => {
    if (isError) toast({ title: 'Error', description: 'Failed to load subscription plans', variant: 'destructive' });
  }, [isError]);

  if (isLoading) {
    return (
      <div className="flex items-center gap-3 text-slate-600">
        <Spinner label="Loading payment options" size="sm" />
        <span>Loading payment options...</span>
      </div>
    );
  }
  const monthly = plans && monthlyPlan(plans);
  const pack = plans && oneTimePlan(plans);
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {monthly && (
        <Card className="border-brand-500 ring-2 ring-brand-500/20">
          <CardHeader>
            <Badge className="w-fit">Best Value</Badge>
            <CardTitle>{monthly.name}</CardTitle>
            <CardDescription>
              <span className="text-3xl font-bold text-slate-900">{formatPrice(monthly.price)}</span> / month
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="space-y-1 text-sm text-slate-700">
              <li>{monthly.generationsLimit} generations monthly</li>
              <li>Full access to all features</li>
            </ul>
          </CardContent>
          <CardFooter>
            <Button asChild className="w-full">
              <Link to="/subscribe">Subscribe Now</Link>
            </Button>
          </CardFooter>
        </Card>
      )}
      {pack && (
        <Card>
          <CardHeader>
            <CardTitle>{pack.name}</CardTitle>
            <CardDescription>
              <span className="text-3xl font-bold text-slate-900">{formatPrice(pack.price)}</span> one-time payment
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="space-y-1 text-sm text-slate-700">
              <li>{pack.generationsLimit} additional generations</li>
              <li>No subscription required</li>
            </ul>
          </CardContent>
          <CardFooter>
            <Button asChild variant="outline" className="w-full">
              <Link to="/additional-generations">Buy Credits</Link>
            </Button>
          </CardFooter>
        </Card>
      )}
    </div>
  );
}
