import { spendNotice } from './spend';
import { accountUser } from './testing/account-user';

describe(spendNotice.name, () => {
  it('names the free allowance and what is left after the spend', () => {
    expect(spendNotice(accountUser({ generationsCount: 0 }))).toBe('This uses 1 of your 3 free videos (2 left after this).');
    expect(spendNotice(accountUser({ generationsCount: 2 }))).toBe('This uses 1 of your 3 free videos (0 left after this).');
  });

  it('names the monthly Premium allowance', () => {
    expect(spendNotice(accountUser({ premium: true, subscriptionStatus: 'active', generationsCount: 10 }))).toBe('This uses 1 of your 60 Premium videos this month (49 left after this).');
  });

  it('names the pack once the allowance is used, and counts it in what is left', () => {
    expect(spendNotice(accountUser({ generationsCount: 3, extraGenerations: 15 }))).toBe('This uses 1 of your 15 extra videos (14 left after this).');
    expect(spendNotice(accountUser({ generationsCount: 1, extraGenerations: 15 }))).toBe('This uses 1 of your 3 free videos (16 left after this).');
  });

  it('says nothing when nothing is left (the paywall speaks then)', () => {
    expect(spendNotice(accountUser({ generationsCount: 3, extraGenerations: 0 }))).toBeNull();
  });
});
