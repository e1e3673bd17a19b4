import { FREE_GENERATIONS, PREMIUM_GENERATIONS_PER_PERIOD, type Account, type AuthUser, type UserRoles } from '@lipcast/contracts';
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

/** Reloads the user; call it after anything that changes the generation count or the plan. */
export function refreshAccount(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY });
}

export function isPremium(user: AccountUser | null): boolean {
  return user?.subscriptionStatus === 'active';
}

/** Generations the user can still start: the plan's allowance left, then pack generations. */
export function generationsLeft(user: AccountUser): number {
  const allowance = isPremium(user) ? PREMIUM_GENERATIONS_PER_PERIOD : FREE_GENERATIONS;
  return Math.max(0, allowance - user.generationsCount) + user.extraGenerations;
}
