import { StrictMode } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { getToasts, registerPaymentHandler } from '@lipcast/web-kit';
import { callsTo, fakeApi } from '@lipcast/web-kit/testing';
import { FREE_USER, PLANS, PREMIUM_USER } from '../testing/fixtures';
import { renderInApp } from '../testing/render';
import PaymentCancel from './PaymentCancel';
import PaymentSuccess from './PaymentSuccess';
import SubscriptionSuccess from './SubscriptionSuccess';
import TestPaymentWall from './TestPaymentWall';

describe('Payment cancelled page', () => {
  it('offers "Return to App" and "Try Again"', () => {
    renderInApp(<PaymentCancel />);

    expect(screen.getByRole('link', { name: 'Return to App' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/subscribe');
  });
});

describe('Payment success page', () => {
  it('confirms the purchase and re-checks the account until the credits arrive', async () => {
    let calls = 0;
    const fetchMock = fakeApi({
      'GET /api/auth/user': () => {
        calls += 1;
        return { body: calls < 2 ? FREE_USER : { ...FREE_USER, extraGenerations: 15 } };
      },
    });

    renderInApp(<PaymentSuccess />, { path: '/payment-success?session_id=cs_1' });

    expect(screen.getByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a Video' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'View Your Profile' }).getAttribute('href')).toBe('/profile');
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/auth/user').length).toBeGreaterThanOrEqual(2), { timeout: 4000 });
  });

  it('says so when the provider reports a failed payment', () => {
    fakeApi({ 'GET /api/auth/user': { body: FREE_USER } });

    renderInApp(<PaymentSuccess />, { path: '/payment-success?payment_intent=pi_1&redirect_status=failed' });

    expect(screen.getByRole('heading', { name: 'Payment Failed' })).toBeTruthy();
  });
});

describe('Subscription success page', () => {
  it('syncs the subscription once on load (StrictMode too) and shows "Subscription Active!"', async () => {
    const fetchMock = fakeApi({
      'GET /api/auth/user': { body: PREMIUM_USER },
      'GET /api/stripe/sync-subscription': { body: { success: true, message: 'Subscription is active', account: PREMIUM_USER } },
    });

    renderInApp(
      <StrictMode>
        <SubscriptionSuccess />
      </StrictMode>,
      { user: FREE_USER },
    );

    expect(await screen.findByRole('heading', { name: 'Subscription Active!' })).toBeTruthy();
    expect(callsTo(fetchMock, 'GET /api/stripe/sync-subscription')).toHaveLength(1);
  });

  it('tells the user when the subscription cannot be confirmed after a checkout', async () => {
    fakeApi({
      'GET /api/auth/user': { body: FREE_USER },
      'GET /api/stripe/sync-subscription': { status: 502, statusText: 'Bad Gateway' },
    });

    renderInApp(
      <StrictMode>
        <SubscriptionSuccess />
      </StrictMode>,
      { user: FREE_USER, path: '/subscription-success?session_id=cs_1' },
    );

    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        description: 'We had trouble confirming your subscription. Please contact support if issues persist.',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Subscription pending' })).toBeTruthy();
  });

  it('says no subscription was found, with a link to the plans, when opened without a checkout', async () => {
    fakeApi({
      'GET /api/auth/user': { body: FREE_USER },
      'GET /api/stripe/sync-subscription': { body: { success: true, message: 'No active subscription', account: FREE_USER } },
    });

    renderInApp(<SubscriptionSuccess />, { user: FREE_USER, path: '/subscription-success' });

    expect(await screen.findByRole('heading', { name: 'No subscription found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/pricing');
    expect(screen.queryByText(/payment was received/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Subscription Active!' })).toBeNull();
  });
});

describe('Payment wall test page', () => {
  it('opens the paywall through requestPayment, for a free user and for a subscriber', () => {
    const handler = jest.fn();
    const unregister = registerPaymentHandler(handler);
    renderInApp(<TestPaymentWall />);

    const [free, subscriber] = screen.getAllByRole('button', { name: /open the paywall/i });
    fireEvent.click(free);
    fireEvent.click(subscriber);
    unregister();

    expect(handler.mock.calls).toEqual([[{ limit: 3, requiresAdditionalOnly: false }], [{ limit: 60, requiresAdditionalOnly: true }]]);
  });

  it('shows the upgrade panel', async () => {
    fakeApi({ 'GET /api/stripe/plans': { body: PLANS } });
    renderInApp(<TestPaymentWall />);

    fireEvent.click(screen.getByRole('button', { name: 'Show the upgrade panel' }));

    expect(screen.getByRole('region', { name: "You've reached your free limit" })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Subscribe Now' })).toBeTruthy();
  });
});
