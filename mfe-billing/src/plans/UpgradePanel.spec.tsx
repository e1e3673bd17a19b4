import { screen, within } from '@testing-library/react';
import { fakeApi } from '@lipcast/web-kit/testing';
import { PLANS } from '../testing/fixtures';
import { renderInApp } from '../testing/render';
import UpgradePanel from './UpgradePanel';

describe(UpgradePanel.name, () => {
  it('shows "Loading payment options..." while the plans load', () => {
    fakeApi({ 'GET /api/stripe/plans': () => new Promise(() => undefined) });

    renderInApp(<UpgradePanel />);

    expect(screen.getByText('Loading payment options...')).toBeTruthy();
  });

  it('offers the monthly plan and the pack to a free user who used all free generations', async () => {
    fakeApi({ 'GET /api/stripe/plans': { body: PLANS } });

    renderInApp(<UpgradePanel limit={3} />);

    const sut = screen.getByRole('region', { name: "You've reached your free limit" });
    expect(within(sut).getByText(/all 3 free generations/)).toBeTruthy();
    const subscribe = await within(sut).findByRole('link', { name: 'Subscribe Now' });
    expect(subscribe.getAttribute('href')).toBe('/subscribe');
    expect(within(sut).getByText('Best Value')).toBeTruthy();
    expect(within(sut).getByText('$29.00')).toBeTruthy();
    expect(within(sut).getByText('60 generations monthly')).toBeTruthy();
    expect(within(sut).getByText('Full access to all features')).toBeTruthy();
    expect(within(sut).getByText('$20.00')).toBeTruthy();
    expect(within(sut).getByText(/one-time payment/)).toBeTruthy();
    expect(within(sut).getByText('15 additional generations')).toBeTruthy();
    expect(within(sut).getByText('No subscription required')).toBeTruthy();
    expect(within(sut).getByRole('link', { name: 'Buy Credits' }).getAttribute('href')).toBe('/additional-generations');
  });

  it('offers a subscriber only the pack, in words about their plan', async () => {
    fakeApi({ 'GET /api/stripe/plans': { body: PLANS } });

    renderInApp(<UpgradePanel limit={60} requiresAdditionalOnly />);

    const sut = screen.getByRole('region', { name: "You've used this month's generations" });
    expect(within(sut).getByText(/all 60 generations of your plan this month/)).toBeTruthy();
    expect(await within(sut).findByRole('link', { name: 'Buy Credits' })).toBeTruthy();
    expect(within(sut).queryByRole('link', { name: 'Subscribe Now' })).toBeNull();
    expect(within(sut).queryByText('Best Value')).toBeNull();
  });
});
