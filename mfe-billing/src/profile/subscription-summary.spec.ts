import { canBuyMoreGenerations, formatUsDate, initials, subscriptionSummary } from './subscription-summary';

const free = { premium: false, subscriptionPeriodEnd: null, subscriptionCancelAtPeriodEnd: false };
const END = '2026-03-05T12:00:00.000Z';

describe(subscriptionSummary.name, () => {
  it('is free with 3 generations unless the ledger says Premium', () => {
    expect(subscriptionSummary(free)).toEqual({ kind: 'free', allowance: 3 });
    // An active subscription past its paid period: the ledger's verdict (free) wins over the status.
    expect(subscriptionSummary({ ...free, subscriptionPeriodEnd: END })).toEqual({ kind: 'free', allowance: 3 });
  });

  it('renews an active plan of 60, or ends it at the period end once cancelled', () => {
    const active = { premium: true, subscriptionPeriodEnd: END, subscriptionCancelAtPeriodEnd: false };
    expect(subscriptionSummary(active)).toEqual({ kind: 'renewing', allowance: 60, periodEnd: END });
    expect(subscriptionSummary({ ...active, subscriptionCancelAtPeriodEnd: true })).toEqual({ kind: 'ending', allowance: 60, periodEnd: END });
  });
});

describe(canBuyMoreGenerations.name, () => {
  it('starts at 60 generations', () => {
    expect(canBuyMoreGenerations(59)).toBe(false);
    expect(canBuyMoreGenerations(60)).toBe(true);
    expect(canBuyMoreGenerations(75)).toBe(true);
  });
});

describe(formatUsDate.name, () => {
  it('writes dates the US way', () => {
    expect(formatUsDate(END)).toBe('March 5, 2026');
  });

  it('has nothing for a missing date and keeps an unreadable one', () => {
    expect(formatUsDate(null)).toBeNull();
    expect(formatUsDate('soon')).toBe('soon');
  });
});

describe(initials.name, () => {
  it('uses the first and last name, else the username, else "U"', () => {
    expect(initials({ firstName: 'Ada', lastName: 'Lovelace', username: 'ada' })).toBe('AL');
    expect(initials({ firstName: null, lastName: null, username: 'grace' })).toBe('GR');
    expect(initials({})).toBe('U');
  });
});
