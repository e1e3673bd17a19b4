import { PACK_PLAN, PLANS, PREMIUM_PLAN } from '../testing/fixtures';
import { paywallOffer } from './paywall-offer';

describe(paywallOffer.name, () => {
  it('lists what the upgrade panel offers, the active monthly plan (preselected) and the pack', () => {
    const sut = paywallOffer([PACK_PLAN, { ...PREMIUM_PLAN, id: 9, isActive: false }, PREMIUM_PLAN], false);

    expect(sut).toEqual({ plans: [PREMIUM_PLAN, PACK_PLAN], preselected: PREMIUM_PLAN });
  });

  it('offers a subscriber whose monthly generations are used only the extra pack', () => {
    expect(paywallOffer(PLANS, true)).toEqual({ plans: [PACK_PLAN], preselected: PACK_PLAN });
  });

  it('preselects the pack when it is the only offer, and offers nothing when no plan is active', () => {
    expect(paywallOffer([PACK_PLAN], false)).toEqual({ plans: [PACK_PLAN], preselected: PACK_PLAN });
    expect(paywallOffer([], true)).toEqual({ plans: [], preselected: undefined });
    expect(paywallOffer([{ ...PACK_PLAN, isActive: false }], false)).toEqual({ plans: [], preselected: undefined });
  });
});
