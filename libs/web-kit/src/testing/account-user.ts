import type { AccountUser } from '../account';

/** A signed-in free user for tests ("ada"); override what the test is about. */
export function accountUser(overrides: Partial<AccountUser> = {}): AccountUser {
  return {
    id: 'u1',
    username: 'ada',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    bio: null,
    profileImageUrl: null,
    createdAt: '2026-01-05T12:00:00.000Z',
    generationsCount: 0,
    extraGenerations: 0,
    premium: false,
    subscriptionStatus: null,
    subscriptionPlan: null,
    subscriptionPeriodEnd: null,
    subscriptionCancelAtPeriodEnd: false,
    dailyQuotas: [],
    roles: [],
    ...overrides,
  };
}
