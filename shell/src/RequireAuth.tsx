import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { loginUrl, navigateAway, useAccount } from '@lipcast/web-kit';
import { LOADING_TEXT } from './RemotePage';

/**
 * The one guard for pages that need a signed-in user (`requiresAuth` in the route table): a
 * signed-out visitor is sent to sign in and comes back to the page afterwards.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isSignedIn, isLoading } = useAccount();
  const { pathname, search } = useLocation();
  const signedOut = !isLoading && !isSignedIn;

  useEffect(() => {
    if (signedOut) navigateAway(loginUrl(pathname + search), 'Login failed');
  }, [signedOut, pathname, search]);

  if (!isSignedIn) return <p className="p-8 text-center text-slate-500">{LOADING_TEXT}</p>;
  return children;
}
