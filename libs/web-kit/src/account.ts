import { FREE_GENERATIONS, NO_SESSION_META, PREMIUM_GENERATIONS_PER_PERIOD, type Account, type AuthUser, type UserRoles } from '@lipcast/contracts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './query';
import { ACCOUNT_URL } from './session';

export const ACCOUNT_QUERY_KEY = [ACCOUNT_URL] as const;

/** The signed-in user (spec section 3, User): the profile from auth and the plan and usage from billing. */
export interface AccountUser extends Omit<AuthUser, 'username'>, Account, UserRoles {
  username: string | null;
}

export interface AccountState {
  user: AccountUser | null;
  isLoading: boolean;
  isSignedIn: boolean;
}

const accountQueryFn = getQueryFn<AccountUser>({ on401: 'returnNull' });

/** The current user from `GET /api/auth/user`; a 401 means signed out (`user: null`). */
export function useAccount(): AccountState {
  const { data, isLoading } = useQuery({ queryKey: ACCOUNT_QUERY_KEY, queryFn: accountQueryFn });
  const user = data ?? null;
  return { user, isLoading, isSignedIn: user !== null };
}

/**
 * Records "signed out" without asking the API when the served page says the request had no
 * session (the gateway's NO_SESSION_META): a visitor's page then makes no 401 request at all.
 */
export function seedSignedOutAccount(queryClient: QueryClient, page: Document = document): void {
  const marker = page.querySelector(`meta[name="${NO_SESSION_META.name}"]`);
  if (marker?.getAttribute('content') === NO_SESSION_META.content) queryClient.setQueryData(ACCOUNT_QUERY_KEY, null);
}

/** Reloads the user; call it after anything that changes the generation count or the plan. */
export function refreshAccount(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY });
}

type PlanStatus = Pick<Account, 'premium'>;

/** "Is this user on Premium", as the billing ledger decided it when it composed the account. */
export function isPremium(account: PlanStatus | null): boolean {
  return account?.premium === true;
}

/** The plan's own generations: Premium's per paid period, or the free tier's in total (pack generations not counted). */
export function generationAllowance(account: PlanStatus): number {
  return isPremium(account) ? PREMIUM_GENERATIONS_PER_PERIOD : FREE_GENERATIONS;
}

/** Generations the user can still start: the plan's allowance left, then pack generations. */
export function generationsLeft(user: AccountUser): number {
  return Math.max(0, generationAllowance(user) - user.generationsCount) + user.extraGenerations;
}
