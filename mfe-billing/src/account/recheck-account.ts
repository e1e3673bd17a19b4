import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ACCOUNT_QUERY_KEY, refreshAccount, type AccountUser } from '@lipcast/web-kit';

/** Credits and plans arrive by webhook, a moment after Stripe sends the browser back. */
export const RECHECK_INTERVAL_MS = 2000;
export const RECHECK_ATTEMPTS = 5;

type Usage = Pick<AccountUser, 'generationsCount' | 'extraGenerations' | 'premium' | 'subscriptionStatus' | 'subscriptionPlan'>;

/** True when the plan, the count or the pack credits differ: the purchase has been applied. */
export function accountChanged(before: Usage | null | undefined, after: Usage | null | undefined): boolean {
  if (!before || !after) return false;
  return (
    before.generationsCount !== after.generationsCount ||
    before.extraGenerations !== after.extraGenerations ||
    before.premium !== after.premium ||
    before.subscriptionStatus !== after.subscriptionStatus ||
    before.subscriptionPlan !== after.subscriptionPlan
  );
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Reloads the user now and then every 2 s, up to 5 times (about 10 s), until the account differs
 * from how it was at the start, so the header shows the new plan or count once the webhook landed.
 */
export interface RecheckOptions {
  attempts?: number;
  intervalMs?: number;
  /** Stops early, e.g. when the page is left. */
  isCancelled?: () => boolean;
}

export async function recheckAccountUntilChanged(
  queryClient: QueryClient,
  { attempts = RECHECK_ATTEMPTS, intervalMs = RECHECK_INTERVAL_MS, isCancelled = () => false }: RecheckOptions = {},
): Promise<boolean> {
  const read = () => queryClient.getQueryData<AccountUser | null>(ACCOUNT_QUERY_KEY);
  // The user may still be loading on a fresh page; then the first answer is the starting point.
  let baseline = read();
  for (let attempt = 1; attempt <= attempts && !isCancelled(); attempt += 1) {
    await refreshAccount(queryClient);
    const current = read();
    if (accountChanged(baseline, current)) return true;
    baseline ??= current;
    if (attempt < attempts) await sleep(intervalMs);
  }
  return false;
}

/** Runs `recheckAccountUntilChanged` once for the page's lifetime (React StrictMode mounts twice). */
export function useRecheckAccountOnLanding(): void {
  const queryClient = useQueryClient();
  const started = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    if (!started.current) {
      started.current = true;
      void recheckAccountUntilChanged(queryClient, { isCancelled: () => !mounted.current });
    }
    return () => {
      mounted.current = false;
    };
  }, [queryClient]);
}
