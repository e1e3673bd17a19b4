import { ApiError } from '@lipcast/web-kit';
import { fakeApi, callsTo } from '@lipcast/web-kit/testing';
import { PACK_PLAN, PLANS, PREMIUM_PLAN } from '../testing/fixtures';
import {
  CheckoutSetupError,
  checkoutCall,
  checkoutFailure,
  planForPurchase,
  readCheckoutStart,
  SETUP_FAILURE,
  startCheckout,
} from './start-checkout';

describe(planForPurchase.name, () => {
  it('sells the first active monthly plan on /subscribe and the one-time plan on /additional-generations', () => {
    expect(planForPurchase('subscription', PLANS)).toBe(PREMIUM_PLAN);
    expect(planForPurchase('pack', PLANS)).toBe(PACK_PLAN);
  });

  it('says "No active subscription plan found" when there is no active monthly plan', () => {
    expect(() => planForPurchase('subscription', [PACK_PLAN, { ...PREMIUM_PLAN, isActive: false }])).toThrow(
      new CheckoutSetupError('No active subscription plan found'),
    );
    expect(() => planForPurchase('pack', [PREMIUM_PLAN])).toThrow(CheckoutSetupError);
  });
});

describe(checkoutCall.name, () => {
  it('subscribes with the price id and plan name', () => {
    expect(checkoutCall(PREMIUM_PLAN)).toEqual({
      route: { method: 'POST', path: '/api/stripe/create-subscription', spends: false },
      body: { priceId: 'price_premium', planName: 'Premium' },
    });
  });

  it("buys a pack of the plan's generations", () => {
    expect(checkoutCall(PACK_PLAN)).toEqual({ route: { method: 'POST', path: '/api/stripe/additional-generations', spends: false }, body: { generations: 15 } });
  });

  it('cannot subscribe to a plan without a Stripe price', () => {
    expect(() => checkoutCall({ ...PREMIUM_PLAN, stripePriceId: null })).toThrow(CheckoutSetupError);
  });
});

describe(readCheckoutStart.name, () => {
  it('goes to hosted checkout when the server answers with a url', () => {
    expect(readCheckoutStart({ url: 'https://checkout.example/cs_1' })).toEqual({ kind: 'redirect', url: 'https://checkout.example/cs_1' });
  });

  it('shows the embedded form when the server answers with a client secret', () => {
    expect(readCheckoutStart({ clientSecret: 'pi_1_secret_2' })).toEqual({ kind: 'embedded', clientSecret: 'pi_1_secret_2' });
  });

  it.each([null, {}, { url: '' }, { clientSecret: 42 }, 'pi_secret'])('rejects %p with "No client secret received"', (answer) => {
    expect(() => readCheckoutStart(answer)).toThrow(new CheckoutSetupError('No client secret received'));
  });
});

describe(startCheckout.name, () => {
  it('posts the purchase and reads the answer', async () => {
    const fetchMock = fakeApi({ 'POST /api/stripe/additional-generations': { body: { clientSecret: 'pi_secret' } } });

    const sut = await startCheckout(PACK_PLAN);

    expect(sut).toEqual({ kind: 'embedded', clientSecret: 'pi_secret' });
    expect(callsTo(fetchMock, 'POST /api/stripe/additional-generations')[0].body).toBe('{"generations":15}');
  });

  it('raises the API error of a non-OK answer', async () => {
    fakeApi({ 'POST /api/stripe/create-subscription': { status: 409, statusText: 'Conflict', body: { message: 'Already subscribed' } } });

    await expect(startCheckout(PREMIUM_PLAN)).rejects.toMatchObject({ status: 409 });
  });
});

describe(checkoutFailure.name, () => {
  it('tells a subscriber who already has the plan so (409)', () => {
    expect(checkoutFailure(new ApiError('Already subscribed', 409, null), 'subscription')).toEqual({ kind: 'already-subscribed' });
  });

  it('maps anything else to the spec setup-failure pages', () => {
    expect(checkoutFailure(new ApiError('500: Internal Server Error', 500, null), 'subscription')).toEqual({
      kind: 'failed',
      title: 'Subscription Setup Failed',
      message: 'Could not initialize subscription process. Please try again later.',
    });
    expect(checkoutFailure(new CheckoutSetupError('No client secret received'), 'pack')).toEqual({
      kind: 'failed',
      title: 'Payment Setup Failed',
      message: 'Could not initialize payment process. Please try again later.',
    });
    expect(checkoutFailure(new ApiError('Conflict', 409, null), 'pack')).toEqual({ kind: 'failed', ...SETUP_FAILURE.pack });
  });
});
