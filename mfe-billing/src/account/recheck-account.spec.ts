import { QueryObserver } from '@tanstack/react-query';
import { ACCOUNT_QUERY_KEY, createQueryClient, getQueryFn } from '@lipcast/web-kit';
import { callsTo, fakeApi } from '@lipcast/web-kit/testing';
import { FREE_USER, PREMIUM_USER } from '../testing/fixtures';
import { accountChanged, RECHECK_ATTEMPTS, RECHECK_INTERVAL_MS, recheckAccountUntilChanged } from './recheck-account';

/** The header's account query: refreshAccount reloads only queries someone is watching. */
function watchedAccount() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(ACCOUNT_QUERY_KEY, FREE_USER);
  const observer = new QueryObserver(queryClient, { queryKey: ACCOUNT_QUERY_KEY, queryFn: getQueryFn({ on401: 'returnNull' }) });
  const unsubscribe = observer.subscribe(() => undefined);
  return { queryClient, unsubscribe };
}

describe(accountChanged.name, () => {
  it('sees a new count, pack, status or plan', () => {
    expect(accountChanged(FREE_USER, { ...FREE_USER })).toBe(false);
    expect(accountChanged(FREE_USER, { ...FREE_USER, extraGenerations: 15 })).toBe(true);
    expect(accountChanged(FREE_USER, PREMIUM_USER)).toBe(true);
    expect(accountChanged(null, FREE_USER)).toBe(false);
  });
});

describe(recheckAccountUntilChanged.name, () => {
  it('re-checks about every 2 s for about 10 s', () => {
    expect(RECHECK_INTERVAL_MS * RECHECK_ATTEMPTS).toBe(10_000);
  });

  it('reloads the user until the purchase shows', async () => {
    let calls = 0;
    const fetchMock = fakeApi({
      'GET /api/auth/user': () => {
        calls += 1;
        return { body: calls < 3 ? FREE_USER : { ...FREE_USER, extraGenerations: 15 } };
      },
    });
    const { queryClient, unsubscribe } = watchedAccount();

    const sut = await recheckAccountUntilChanged(queryClient, { intervalMs: 0 });
    unsubscribe();

    expect(sut).toBe(true);
    expect(callsTo(fetchMock, 'GET /api/auth/user')).toHaveLength(3);
  });

  it('gives up after the last attempt', async () => {
    const fetchMock = fakeApi({ 'GET /api/auth/user': { body: FREE_USER } });
    const { queryClient, unsubscribe } = watchedAccount();

    const sut = await recheckAccountUntilChanged(queryClient, { intervalMs: 0, attempts: 3 });
    unsubscribe();

    expect(sut).toBe(false);
    expect(callsTo(fetchMock, 'GET /api/auth/user')).toHaveLength(3);
  });
});
