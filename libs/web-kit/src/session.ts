import { isSameSitePath } from '@lipcast/contracts';
import { browser } from './browser';
import { clearAllDrafts } from './draft-store';
import { toast } from './toast';

/** The session probe: 200 with the user when signed in, 401 when signed out. */
export const ACCOUNT_URL = '/api/auth/user';
export const LOGIN_URL = '/api/login';
export const LOGOUT_URL = '/api/logout';

/**
 * Sign-in address that brings the user back to `returnTo` afterwards. Only same-origin paths are
 * accepted (`/x`, not `//host/x` or `https://...`), so the login flow cannot become an open redirect.
 */
export function loginUrl(returnTo?: string): string {
  if (!isSameSitePath(returnTo)) return LOGIN_URL;
  return `${LOGIN_URL}?returnTo=${encodeURIComponent(returnTo)}`;
}

/**
 * Full-page navigation to a server route (sign-in, sign-out). If the browser refuses to leave the
 * page, the user sees `failureTitle` as a toast (spec: "Login failed", "Logout failed") and the
 * answer is false. Signing out (`LOGOUT_URL`) first forgets the drafts kept in this browser.
 */
export function navigateAway(url: string, failureTitle: string): boolean {
  // Signing out leaves no one's drafts behind in this browser.
  if (url === LOGOUT_URL) clearAllDrafts();
  try {
    browser.assign(url);
    return true;
  } catch {
    toast({ title: failureTitle, variant: 'destructive' });
    return false;
  }
}

export type SessionExpiredHandler = () => void;

/** Default: sign in again and come back to the page the user was on. */
const redirectToLogin: SessionExpiredHandler = () => browser.assign(loginUrl(browser.currentPath()));

let sessionExpiredHandler: SessionExpiredHandler = redirectToLogin;
let signedIn = false;

/** Replaces what happens when the session expires mid-use; the returned function restores the default. */
export function registerSessionExpiredHandler(handler: SessionExpiredHandler): () => void {
  sessionExpiredHandler = handler;
  return () => {
    if (sessionExpiredHandler === handler) sessionExpiredHandler = redirectToLogin;
  };
}

/** Records what the last answer of the session probe said, so a later 401 can be told apart. */
export function noteSessionProbe(userPresent: boolean): void {
  signedIn = userPresent;
}

/**
 * Called on a 401 from our own API (other than the probe). Only a user who was signed in can have
 * an expired session; for a visitor a 401 is the expected answer. Fires once per session.
 */
export function noteUnauthorized(): void {
  if (!signedIn) return;
  signedIn = false;
  sessionExpiredHandler();
}
