/** A person as the services know them (spec section 3, User, without the billing fields). */
export interface AuthUser {
  id: string;
  username: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  bio: string | null;
  profileImageUrl: string | null;
  /** When the account was made (ISO 8601): a day-old account's gallery reports count in full. */
  createdAt: string;
}

/** Sent by the gateway after a sign-in: the identity (issuer + subject) and its profile claims. */
export interface UpsertUserRequest {
  issuer: string;
  subject: string;
  username: string;
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
}

export interface GetUserRequest {
  id: string;
}

/**
 * A path on this site (`/x?y`), never another site (`https://…`, `//host`, `/\host`): the only
 * kind of address sign-in may return to.
 */
export function isSameSitePath(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\');
}

/** Where a failed sign-in lands: the login page, which shows the "Login failed" toast. */
export const LOGIN_FAILED_QUERY = { error: 'login_failed' } as const;
export const LOGIN_FAILED_PATH = `/auth?error=${LOGIN_FAILED_QUERY.error}`;

/** Over NATS: one step of deleting a user's account (each service deletes or anonymises what it holds). */
export interface DeleteUserDataRequest {
  userId: string;
}

/** `auth.user.deletionStart.v1`: the user is marked `deleting`; their API keys and sign-ins are refused from now on. */
export interface DeletionStarted {
  deleting: true;
}

/**
 * `auth.user.fingerprintKeep.v1`: a step of account deletion, before billing anonymises the ledger. Auth keeps
 * a keyed hash of the user's identity (issuer + subject) with the free generations it used (billing's count,
 * the larger one kept), so the same identity signing up again does not get a new free allowance.
 */
export interface FingerprintKept {
  kept: true;
}

/** `DELETE /api/account`: the word the user types to confirm. */
export const DELETE_ACCOUNT_CONFIRMATION = 'DELETE';

/** What `GET /api/auth/user` adds to the user and their account: the roles decided at sign-in (`['admin']` for an operator, else `[]`). */
export interface UserRoles {
  roles: string[];
}

/**
 * A page served to a request without a session cookie carries `<meta name="lipcast-session" content="none">`,
 * so the shell knows the visitor is signed out without asking `GET /api/auth/user` (whose 401
 * browsers log as a console error on every visitor's page).
 */
export const NO_SESSION_META = { name: 'lipcast-session', content: 'none' } as const;
