import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Account } from '@lipcast/contracts';
import { getToasts, type AccountUser } from '@lipcast/web-kit';
import { callsTo, fakeApi, type FakeRoutes } from '@lipcast/web-kit/testing';
import { FREE_USER, PREMIUM_USER } from '../testing/fixtures';
import { renderInApp } from '../testing/render';
import Profile from './Profile';

const PREMIUM_ACCOUNT: Account = {
  generationsCount: PREMIUM_USER.generationsCount,
  extraGenerations: PREMIUM_USER.extraGenerations,
  premium: PREMIUM_USER.premium,
  subscriptionStatus: PREMIUM_USER.subscriptionStatus,
  subscriptionPlan: PREMIUM_USER.subscriptionPlan,
  subscriptionPeriodEnd: PREMIUM_USER.subscriptionPeriodEnd,
  subscriptionCancelAtPeriodEnd: false,
  dailyQuotas: PREMIUM_USER.dailyQuotas,
};

/** The user answers as given; the sync answers with the same account; no history. */
function serve(user: AccountUser, routes: FakeRoutes = {}) {
  return fakeApi({
    'GET /api/auth/user': { body: user },
    'GET /api/stripe/sync-subscription': { body: { success: true, message: 'ok', account: user } },
    'GET /api/projects': { body: [] },
    ...routes,
  });
}

const subscriptionBox = () => screen.getByRole('heading', { name: /^Subscription/ }).closest('div')!.parentElement!;

describe('Profile page', () => {
  it('syncs the subscription on load, then reloads the user', async () => {
    const fetchMock = serve(FREE_USER);

    renderInApp(<Profile />, { user: FREE_USER });

    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/stripe/sync-subscription')).toHaveLength(1));
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/auth/user')).toHaveLength(1));
  });

  it('shows who is signed in: initials, name, e-mail, count and a Free plan with the upgrade', async () => {
    serve(FREE_USER);

    renderInApp(<Profile />, { user: FREE_USER });

    expect(screen.getByRole('heading', { level: 1, name: 'Your Profile' })).toBeTruthy();
    expect(screen.getByText('AL')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'ada' })).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText('2 of 3 free generations used')).toBeTruthy();
    expect(screen.getByText('Generations used').nextElementSibling?.textContent).toBe('2'); // says what it counts
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' }).getAttribute('href')).toBe('/subscribe');
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Buy More Generations' })).toBeNull();
    expect(await screen.findByText('No generations yet')).toBeTruthy();
  });

  it('shows the daily previews left of each kind and when they reset', () => {
    const resetsAt = '2031-03-15T00:00:00.000Z';
    const user = {
      ...FREE_USER,
      dailyQuotas: [
        { kind: 'speech' as const, used: 3, limit: 30, resetsAt },
        { kind: 'image' as const, used: 10, limit: 10, resetsAt },
        { kind: 'script' as const, used: 0, limit: 10, resetsAt },
      ],
    };
    serve(user);

    renderInApp(<Profile />, { user });

    const box = screen.getByRole('heading', { name: 'Daily previews' }).closest('div')!.parentElement!;
    expect(within(box).getByText('Speech previews: 27 of 30 left today')).toBeTruthy();
    expect(within(box).getByText('Image previews: 0 of 10 left today')).toBeTruthy();
    expect(within(box).getByText('Scripts: 10 of 10 left today')).toBeTruthy();
    expect(within(box).getByText('Resets on March 15, 2031 at 00:00 UTC')).toBeTruthy();
  });

  it('shows no daily previews box when the account reports none', () => {
    serve(FREE_USER);

    renderInApp(<Profile />, { user: FREE_USER });

    expect(screen.queryByRole('heading', { name: 'Daily previews' })).toBeNull();
  });

  it('falls back to "User" and shows the picture when there is one', () => {
    const user = { ...FREE_USER, username: '', profileImageUrl: '/media/me.png' };
    serve(user);

    renderInApp(<Profile />, { user });

    expect(screen.getByRole('heading', { name: 'User' })).toBeTruthy();
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/media/me.png');
  });

  it('shows a subscriber the renewal date and the extra generations', () => {
    const user = { ...PREMIUM_USER, extraGenerations: 15 };
    serve(user);

    renderInApp(<Profile />, { user });

    expect(within(subscriptionBox()).getByText('Premium')).toBeTruthy();
    expect(screen.getByText('12 of 60 generations used this month')).toBeTruthy();
    expect(screen.getByText('Generations used this month').nextElementSibling?.textContent).toBe('12');
    expect(screen.getByText('Your plan renews on March 5, 2026.')).toBeTruthy();
    expect(screen.getByText('15 extra generations available')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel Subscription' })).toBeTruthy();
  });

  it('offers more generations at 60 or more', () => {
    const user = { ...PREMIUM_USER, generationsCount: 60 };
    serve(user);

    renderInApp(<Profile />, { user });

    expect(screen.getByRole('link', { name: 'Buy More Generations' }).getAttribute('href')).toBe('/additional-generations');
  });

  it('cancels after confirmation: the plan stays until the period end and the cancel button goes', async () => {
    const cancelled = { ...PREMIUM_USER, subscriptionCancelAtPeriodEnd: true };
    let cancelledYet = false;
    const fetchMock = serve(PREMIUM_USER, {
      'GET /api/auth/user': () => ({ body: cancelledYet ? cancelled : PREMIUM_USER }),
      'POST /api/stripe/cancel-subscription': () => {
        cancelledYet = true;
        return { body: { success: true, message: 'ends', account: { ...PREMIUM_ACCOUNT, subscriptionCancelAtPeriodEnd: true } } };
      },
    });
    renderInApp(<Profile />, { user: PREMIUM_USER });

    fireEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel your subscription?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, Cancel Subscription' }));

    expect(await screen.findByText(/stays active until March 5, 2026 and does not renew/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(fetchMock, 'POST /api/stripe/cancel-subscription')).toHaveLength(1);
    expect(getToasts()[0]).toMatchObject({ title: 'Subscription Cancelled' });
  });

  it('keeps the plan and says so when cancelling fails', async () => {
    serve(PREMIUM_USER, { 'POST /api/stripe/cancel-subscription': { status: 502, statusText: 'Bad Gateway' } });
    renderInApp(<Profile />, { user: PREMIUM_USER });

    fireEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes, Cancel Subscription' }));

    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: 'Error', description: 'Failed to cancel subscription. Please try again later.' }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Cancel Subscription' })).toBeTruthy();
  });
});
