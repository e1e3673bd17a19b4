import type { Plan } from '@lipcast/contracts';
import type { AccountUser } from '@lipcast/web-kit';
import { accountUser } from '@lipcast/web-kit/testing';

export const PREMIUM_PLAN: Plan = {
  id: 1,
  name: 'Premium',
  description: '60 generations every month',
  price: 2900,
  interval: 'month',
  isActive: true,
  generationsLimit: 60,
  stripePriceId: 'price_premium',
};

export const PACK_PLAN: Plan = {
  id: 2,
  name: 'Extra Generations',
  description: '15 additional generations',
  price: 2000,
  interval: 'once',
  isActive: true,
  generationsLimit: 15,
  stripePriceId: 'price_pack',
};

export const PLANS: Plan[] = [PREMIUM_PLAN, PACK_PLAN];

export const FREE_USER: AccountUser = accountUser({ generationsCount: 2 });

export const PREMIUM_USER: AccountUser = {
  ...FREE_USER,
  generationsCount: 12,
  premium: true,
  subscriptionStatus: 'active',
  subscriptionPlan: 'Premium',
  subscriptionPeriodEnd: '2026-03-05T12:00:00.000Z',
};
