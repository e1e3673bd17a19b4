import { PACK_PLAN, PLANS, PREMIUM_PLAN } from '../testing/fixtures';
import { paywallOffer, paywallPlanTerms } from './paywall-offer';

describe(paywallOffer.name, () => {
  it('lists only the active monthly plan, preselected', () => {
    const sut = paywallOffer([PACK_PLAN, { ...PREMIUM_PLAN, id: 9, isActive: false }, PREMIUM_PLAN], false);

    expect(sut).toEqual({ plans: [PREMIUM_PLAN], preselected: PREMIUM_PLAN });
  });

  it('offers a subscriber whose monthly generations are used only the extra pack', () => {
    expect(paywallOffer(PLANS, true)).toEqual({ plans: [PACK_PLAN], preselected: PACK_PLAN });
  });

  it('offers nothing when no such plan is active', () => {
    expect(paywallOffer([PACK_PLAN], false)).toEqual({ plans: [], preselected: undefined });
    expect(paywallOffer([], true)).toEqual({ plans: [], preselected: undefined });
  });
});

describe(paywallPlanTerms.name, () => {
  it('labels the monthly plan "Best Value", "/ month", with its monthly generations', () => {
    expect(paywallPlanTerms(PREMIUM_PLAN)).toEqual({
      badge: 'Best Value',
      priceNote: '/ month',
      features: ['60 generations monthly', 'Full access to all features'],
    });
  });

  it('labels other plans "one-time" with additional generations', () => {
    expect(paywallPlanTerms(PACK_PLAN)).toEqual({
      priceNote: 'one-time',
      features: ['15 additional generations', 'No subscription required'],
    });
  });
});
