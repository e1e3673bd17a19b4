import type { Plan } from '@lipcast/contracts';
import { formatPrice, monthlyPlan, oneTimePlan } from './plans';

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
