import type { SessionData } from 'express-session';
import { ADMIN_SIGN_IN_TOO_OLD, adminRefusal, currentRoles, isOperator, type SignedInAs } from './admin-role';

const ISSUER = 'https://id.example.com';
const HOUR = 3_600_000;

describe('isOperator', () => {
  const settings = { OIDC_ISSUER_URL: ISSUER, ADMIN_USERS: `${ISSUER}/|auth0|grace-1, Ops@Example.com`, ADMIN_GROUPS: 'lipcast-admins,SRE' };
  const user = (who: Partial<SignedInAs>): SignedInAs => ({ issuer: ISSUER, subject: 'someone', verifiedEmail: null, groups: [], ...who });

  it('makes an operator of the listed issuer and subject (split at the first "|"; the issuer with or without its trailing slash), nobody else there', () => {
    expect(isOperator(settings, user({ subject: 'auth0|grace-1' }))).toBe(true);
    expect(isOperator(settings, user({ subject: 'auth0|grace-2' }))).toBe(false);
    expect(isOperator(settings, user({ subject: 'AUTH0|GRACE-1' }))).toBe(false);
    expect(isOperator(settings, user({ issuer: 'https://other.example.com', subject: 'auth0|grace-1' }))).toBe(false);
  });

  it('makes an operator of a listed e-mail only when the configured issuer verified it', () => {
    expect(isOperator(settings, user({ verifiedEmail: 'ops@example.COM' }))).toBe(true);
    // `verifiedEmail` is null when the token said anything but `email_verified: true` (auth.controller.ts).
    expect(isOperator(settings, user({ verifiedEmail: null }))).toBe(false);
    expect(isOperator(settings, user({ issuer: 'https://other.example.com', verifiedEmail: 'ops@example.com' }))).toBe(false);
    expect(isOperator({ ...settings, OIDC_ISSUER_URL: undefined }, user({ verifiedEmail: 'ops@example.com' }))).toBe(false);
  });

  it('makes operators of members of a listed group at the configured issuer', () => {
    expect(isOperator(settings, user({ groups: ['staff', 'sre'] }))).toBe(true);
    expect(isOperator(settings, user({ issuer: 'https://other.example.com', groups: ['sre'] }))).toBe(false);
  });

  it('gives nobody the role when both lists are empty', () => {
    expect(isOperator({ ...settings, ADMIN_USERS: '', ADMIN_GROUPS: '' }, user({ subject: 'auth0|grace-1', verifiedEmail: 'ops@example.com', groups: ['lipcast-admins'] }))).toBe(false);
  });
});

describe('adminRefusal (AdminGuard)', () => {
  const settings = { OIDC_ISSUER_URL: ISSUER, ADMIN_USERS: `${ISSUER}|grace`, ADMIN_GROUPS: '', ADMIN_SESSION_MAX_HOURS: 12 };
  const now = Date.parse('2026-05-01T12:00:00Z');
  const grace = { userId: 'u-1', signedInAs: { issuer: ISSUER, subject: 'grace', verifiedEmail: null, groups: [] }, signedInAt: now - HOUR };
  /** The guard's answer: null (let in) or the refusal's status and message. */
  const refusal = (session: Partial<SessionData> | undefined, configured: typeof settings = settings) => {
    const refused = adminRefusal(configured, session, now);
    return refused && { status: refused.getStatus(), message: refused.message };
  };
  const FORBIDDEN = { status: 403, message: 'Operators only' };
  const SIGN_IN_AGAIN = { status: 401, message: ADMIN_SIGN_IN_TOO_OLD };

  it('lets in an operator the settings name now, signed in within ADMIN_SESSION_MAX_HOURS', () => {
    expect(refusal(grace)).toBeNull();
    expect(refusal({ ...grace, signedInAt: now - 12 * HOUR })).toBeNull();
    expect(currentRoles(settings, grace)).toEqual(['admin']);
  });

  it('refuses the same session (403, no role listed) once the entry is gone from the settings', () => {
    const removed = { ...settings, ADMIN_USERS: 'ops@example.com' };
    expect(refusal(grace, removed)).toEqual(FORBIDDEN);
    expect(currentRoles(removed, grace)).toEqual([]);
  });

  it('sends an operator whose sign-in is older than ADMIN_SESSION_MAX_HOURS to sign in again (401), still listing the role so the console asks', () => {
    const old = { ...grace, signedInAt: now - 12 * HOUR - 1 };
    expect(refusal(old)).toEqual(SIGN_IN_AGAIN);
    expect(currentRoles(settings, old)).toEqual(['admin']);
  });

  it('answers 401 signed out, and to a session from before the identity was kept: 401 for an operator of then (to sign in again), else 403', () => {
    expect(refusal(undefined)?.status).toBe(401);
    expect(refusal({ userId: 'u-1', roles: ['admin'] })).toEqual(SIGN_IN_AGAIN);
    expect(refusal({ userId: 'u-1' })).toEqual(FORBIDDEN);
  });
});
