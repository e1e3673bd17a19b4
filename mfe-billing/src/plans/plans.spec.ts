import type { Plan } from '@lipcast/contracts';
import { formatPrice, monthlyPlan, offeredPlans, oneTimePlan, planTerms } from './plans';

const plan = (overrides: Partial<Plan>): Plan => ({
  id: 1,
  name: 'Plan',
  description: '',
  price: 100,
  interval: 'month',
  isActive: true,
  generationsLimit: 1,
  stripePriceId: null,
  ...overrides,
});

describe(formatPrice.name, () => {
  it('shows cents as dollars with two decimals', () => {
    expect(formatPrice(2900)).toBe('$29.00');
    expect(formatPrice(2050)).toBe('$20.50');
    expect(formatPrice(5)).toBe('$0.05');
  });
});

describe(monthlyPlan.name, () => {
  it('picks the first active monthly plan', () => {
    const plans = [plan({ id: 1, isActive: false }), plan({ id: 2, interval: 'once' }), plan({ id: 3 }), plan({ id: 4 })];
    expect(monthlyPlan(plans)?.id).toBe(3);
    expect(oneTimePlan(plans)?.id).toBe(2);
  });

  it('finds nothing when no such plan is active', () => {
    expect(monthlyPlan([plan({ isActive: false })])).toBeUndefined();
    expect(oneTimePlan([])).toBeUndefined();
  });
});

describe(offeredPlans.name, () => {
  const monthly = plan({ id: 1, interval: 'month' });
  const pack = plan({ id: 2, interval: 'once', generationsLimit: 15 });

  it('offers the monthly plan then the pack, and a subscriber only the pack', () => {
    expect(offeredPlans([pack, monthly], false)).toEqual([monthly, pack]);
    expect(offeredPlans([pack, monthly], true)).toEqual([pack]);
    expect(offeredPlans([{ ...pack, isActive: false }], false)).toEqual([]);
  });
});

describe(planTerms.name, () => {
  it('labels the monthly plan "Best Value", "/ month", with its monthly generations and "Subscribe Now"', () => {
    expect(planTerms(plan({ generationsLimit: 60 }))).toEqual({
      badge: 'Best Value',
      priceNote: '/ month',
      features: ['60 generations monthly', 'Full access to all features'],
      action: { label: 'Subscribe Now', to: '/subscribe' },
    });
  });

  it('labels the pack "one-time payment" with additional generations and "Buy Credits"', () => {
    expect(planTerms(plan({ interval: 'once', generationsLimit: 15 }))).toEqual({
      priceNote: 'one-time payment',
      features: ['15 additional generations', 'No subscription required'],
      action: { label: 'Buy Credits', to: '/additional-generations' },
    });
  });
});
