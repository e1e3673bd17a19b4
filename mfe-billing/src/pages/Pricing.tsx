import { Link } from 'react-router-dom';
import { EXTRA_PACK_GENERATIONS, FREE_GENERATIONS, PREMIUM_GENERATIONS_PER_PERIOD } from '@lipcast/contracts';
import { Badge, Button, Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle, Page, ScrollRegion } from '@lipcast/ui';
import { isPremium, loginUrl, navigateAway, useAccount } from '@lipcast/web-kit';
import { OfferFeatures } from '../plans/OfferList';
import { PlanOffers } from '../plans/PlanOffers';
import { monthlyPlan, oneTimePlan } from '../plans/plans';
import { usePlans } from '../plans/usePlans';
import '../styles.css';

export const FREE_FEATURES = [`${FREE_GENERATIONS} generations`, 'All three ways to make videos', 'No card required'];

/** The Free column: what everyone gets after signing in (spec section 1: 3 generations). */
function FreeOffer() {
  const { user, isSignedIn } = useAccount();
  const onFreePlan = isSignedIn && !isPremium(user);
  return (
    <Card>
      <CardHeader>
        {onFreePlan && (
          <Badge variant="outline" className="w-fit">
            Your plan
          </Badge>
        )}
        <CardTitle>Free</CardTitle>
        <CardDescription>
          <span className="text-3xl font-bold text-slate-900">$0</span> to start
        </CardDescription>
      </CardHeader>
      <CardContent>
        <OfferFeatures features={FREE_FEATURES} />
      </CardContent>
      <CardFooter>
        {isSignedIn ? (
          <Button asChild variant="outline" className="w-full">
            <Link to="/">Create a Video</Link>
          </Button>
        ) : (
          // A visitor signs in first; the free generations come with the account.
          <Button variant="outline" className="w-full" onClick={() => navigateAway(loginUrl('/'), 'Login failed')}>
            Start for Free
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}

const INCLUDED = 'Included';

/** The feature comparison: one row per feature, one column per way to pay (the prices are on the cards above). */
function FeatureComparison() {
  const { data: plans } = usePlans();
  const monthly = plans && monthlyPlan(plans);
  const pack = plans && oneTimePlan(plans);
  const rows: { feature: string; free: string; premium: string; pack: string }[] = [
    {
      feature: 'Generations',
      free: `${FREE_GENERATIONS} in total`,
      premium: `${monthly?.generationsLimit ?? PREMIUM_GENERATIONS_PER_PERIOD} every month`,
      pack: `${pack?.generationsLimit ?? EXTRA_PACK_GENERATIONS} more, used after your plan's and never expiring`,
    },
    { feature: 'Classic three-step wizard', free: INCLUDED, premium: INCLUDED, pack: 'With either plan' },
    { feature: 'AI Influencer Creator (Beta)', free: INCLUDED, premium: INCLUDED, pack: 'With either plan' },
    { feature: 'One Shot Influencer Video (Beta)', free: INCLUDED, premium: INCLUDED, pack: 'With either plan' },
    { feature: 'Voices and images cleared for commercial use', free: INCLUDED, premium: INCLUDED, pack: 'With either plan' },
    { feature: 'Daily speech, image and script previews', free: 'Standard daily limits', premium: 'Higher daily limits', pack: "Your plan's limits" },
    { feature: 'Billing', free: 'Nothing to pay', premium: 'Monthly; cancel anytime and keep access until the period ends', pack: 'One payment, no subscription' },
  ];
  return (
    <section aria-labelledby="compare-plans" className="mt-12">
      <h2 id="compare-plans" className="text-2xl font-semibold text-slate-900">
        Compare plans
      </h2>
      {/* Wide tables scroll inside their box on phones, never the page; a hint says so, since the last column starts off screen. */}
      <ScrollRegion label="Plan comparison" hint="Swipe sideways to see every plan" className="mt-4">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">Features of Free, Premium and the extra pack</caption>
          <thead className="bg-slate-50 text-slate-900">
            <tr>
              {['Feature', 'Free', monthly?.name ?? 'Premium', pack?.name ?? 'Extra pack'].map((column, index) => (
                <th key={index} scope="col" className="p-3 font-semibold">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 text-slate-700">
            {rows.map((row) => (
              <tr key={row.feature}>
                <th scope="row" className="p-3 font-medium text-slate-900">
                  {row.feature}
                </th>
                <td className="p-3">{row.free}</td>
                <td className="p-3">{row.premium}</td>
                <td className="p-3">{row.pack}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}

/** `/pricing`: the Free start, the Premium subscription and the extra pack, then how they compare. */
export default function Pricing() {
  return (
    <Page
      title="Pricing"
      description={`Start free with ${FREE_GENERATIONS} generations. Go Premium for ${PREMIUM_GENERATIONS_PER_PERIOD} generations every month, or add a pack of extra generations whenever you need more.`}
    >
      <PlanOffers leading={<FreeOffer />} />
      <FeatureComparison />
    </Page>
  );
}
