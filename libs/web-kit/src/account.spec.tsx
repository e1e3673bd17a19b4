import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { ACCOUNT_QUERY_KEY, isPremium, refreshAccount, seedSignedOutAccount, useAccount } from './account';
import { createQueryClient } from './query';
import { noteSessionProbe } from './session';
import { accountUser } from './testing/account-user';
import { installFetch } from './testing/fake-fetch';

const ada = accountUser({ generationsCount: 1 });

function AccountProbe() {
  const { user, isLoading, isSignedIn } = useAccount();
  if (isLoading) return <p>loading</p>;
  return <p>{isSignedIn ? `${user?.username} has ${user?.generationsCount}` : 'signed out'}</p>;
}

function renderWithClient() {
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <AccountProbe />
    </QueryClientProvider>,
  );
  return queryClient;
}

afterEach(() => noteSessionProbe(false));

describe(useAccount.name, () => {
  it('is loading, then returns the user from GET /api/auth/user', async () => {
    const fetchMock = installFetch({ body: ada });

    renderWithClient();

    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('ada has 1')).toBeTruthy();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/auth/user');
    expect(ACCOUNT_QUERY_KEY).toEqual(['/api/auth/user']);
  });

  it('treats 401 as signed out', async () => {
    installFetch({ status: 401, statusText: 'Unauthorized' });

    renderWithClient();

    expect(await screen.findByText('signed out')).toBeTruthy();
  });
});

describe(refreshAccount.name, () => {
  it('reloads the user so a new generation count shows', async () => {
    const fetchMock = installFetch({ body: ada }, { body: { ...ada, generationsCount: 2 } });
    const queryClient = renderWithClient();
    await screen.findByText('ada has 1');

    await act(() => refreshAccount(queryClient));

    await waitFor(() => expect(screen.getByText('ada has 2')).toBeTruthy());
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe(isPremium.name, () => {
  it('is the ledger\'s verdict, whatever the subscription\'s status says', () => {
    expect(isPremium(accountUser({ premium: true, subscriptionStatus: 'active' }))).toBe(true);
    expect(isPremium(accountUser({ premium: false, subscriptionStatus: 'canceled' }))).toBe(false);
    // Active at Stripe but past the paid period: the ledger says free.
    expect(isPremium(accountUser({ premium: false, subscriptionStatus: 'active' }))).toBe(false);
    expect(isPremium(null)).toBe(false);
  });
});

describe(seedSignedOutAccount.name, () => {
  function pageWith(head: string): Document {
    const page = document.implementation.createHTMLDocument('');
    page.head.innerHTML = head;
    return page;
  }

  it('records a visitor as signed out without asking the API when the page says there was no session', async () => {
    const fetchMock = installFetch({ body: ada });
    const queryClient = createQueryClient();
    seedSignedOutAccount(queryClient, pageWith('<meta name="lipcast-session" content="none">'));
    render(
      <QueryClientProvider client={queryClient}>
        <AccountProbe />
      </QueryClientProvider>,
    );
    expect(screen.getByText('signed out')).toBeTruthy();
    await act(async () => undefined);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('leaves the account to the API on a page without the marker', () => {
    const queryClient = createQueryClient();
    seedSignedOutAccount(queryClient, pageWith('<meta name="description" content="x">'));
    expect(queryClient.getQueryData(ACCOUNT_QUERY_KEY)).toBeUndefined();
  });
});
