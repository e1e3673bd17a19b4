import { createParamDecorator, ForbiddenException, HttpException, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { SessionData } from 'express-session';
import { ADMIN_ROLE, Messages, type AdminActor } from '@lipcast/contracts';
import { adminList, GatewaySettings, issuerKey, parseAdminUsers } from '../settings';

/**
 * Who signed in, as the issuer's ID token said it: all the admin check reads. Never the username or
 * display name, which most issuers let users choose.
 */
export interface SignedInAs {
  issuer: string;
  subject: string;
  /** The `email` claim when the token said `email_verified: true`; otherwise null, since an unverified address is only what the user typed. */
  verifiedEmail: string | null;
  /** The `groups` claim (what ADMIN_GROUPS is matched against). */
  groups: string[];
}

declare module 'express-session' {
  interface SessionData {
    /**
     * Kept at sign-in so that every admin request checks it against the ADMIN_* settings of the
     * moment: an operator taken off the lists loses the console on their next request.
     */
    signedInAs?: SignedInAs;
    /** When the user signed in (epoch ms): admin rights last ADMIN_SESSION_MAX_HOURS from it. */
    signedInAt?: number;
    /** The role copied at sign-in by gateway versions before `signedInAs`; read only to send such an operator to sign in again. */
    roles?: string[];
    /** The operator's username, kept for the audit log. */
    username?: string;
  }
}

export type AdminSettings = Pick<GatewaySettings, 'ADMIN_USERS' | 'ADMIN_GROUPS' | 'OIDC_ISSUER_URL'>;

/**
 * Whether `who` is an operator under `settings`: their `issuer|subject` is in ADMIN_USERS, or, at the
 * issuer users sign in with now, their verified e-mail is in ADMIN_USERS or one of their groups is in
 * ADMIN_GROUPS (addresses and groups compared without case).
 */
export function isOperator(settings: AdminSettings, who: SignedInAs): boolean {
  const users = parseAdminUsers(settings.ADMIN_USERS);
  if (users.subjects.some((entry) => entry.issuer === issuerKey(who.issuer) && entry.subject === who.subject)) return true;
  // An address or a group is only as good as the issuer vouching for it: from any issuer but
  // OIDC_ISSUER_URL (say one configured before, in an old session) they name nobody.
  if (!settings.OIDC_ISSUER_URL || issuerKey(settings.OIDC_ISSUER_URL) !== issuerKey(who.issuer)) return false;
  if (who.verifiedEmail !== null && users.emails.includes(who.verifiedEmail.toLowerCase())) return true;
  const groups = adminList(settings.ADMIN_GROUPS);
  return who.groups.some((group) => groups.includes(group.toLowerCase()));
}

/**
 * The roles `GET /api/auth/user` lists (the console shows itself for `admin`), from today's settings.
 * It leaves out the sign-in's age: an operator whose sign-in is too old still sees the console, whose
 * next request answers 401 and so sends them to sign in again (web-kit's session-expired handling).
 */
export function currentRoles(settings: AdminSettings, session: Partial<SessionData>): string[] {
  if (!session.signedInAs) return session.roles?.includes(ADMIN_ROLE) ? [ADMIN_ROLE] : [];
  return isOperator(settings, session.signedInAs) ? [ADMIN_ROLE] : [];
}

const OPERATORS_ONLY = 'Operators only';
export const ADMIN_SIGN_IN_TOO_OLD = 'Your operator sign-in has expired. Please sign in again.';

/** Why `session` may not use `/api/admin` at `now`, or null when it may. */
export function adminRefusal(
  settings: AdminSettings & Pick<GatewaySettings, 'ADMIN_SESSION_MAX_HOURS'>,
  session: Partial<SessionData> | undefined,
  now = Date.now(),
): HttpException | null {
  if (!session?.userId) return new UnauthorizedException(Messages.unauthenticated);
  // Signed in before the gateway kept `signedInAs`: nothing to check, so an operator of then is sent
  // to sign in again (which records it) and anyone else refused.
  if (!session.signedInAs || session.signedInAt === undefined) {
    return session.roles?.includes(ADMIN_ROLE) ? new UnauthorizedException(ADMIN_SIGN_IN_TOO_OLD) : new ForbiddenException(OPERATORS_ONLY);
  }
  if (!isOperator(settings, session.signedInAs)) return new ForbiddenException(OPERATORS_ONLY);
  // Sessions roll for weeks; admin rights do not. A new sign-in asks the issuer again (groups,
  // e-mail verification, a disabled account), which the session alone cannot tell. 401, not 403:
  // the console sends a 401 to sign-in and back.
  if (now - session.signedInAt > settings.ADMIN_SESSION_MAX_HOURS * 3_600_000) return new UnauthorizedException(ADMIN_SIGN_IN_TOO_OLD);
  return null;
}

/**
 * Every `/api/admin` route: 401 signed out (also said by `SignedInGuard`) or when the operator's
 * sign-in is older than ADMIN_SESSION_MAX_HOURS, 403 for anyone the ADMIN_* settings do not name now.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(private readonly settings: GatewaySettings) {}

  canActivate(context: ExecutionContext): boolean {
    const refusal = adminRefusal(this.settings, context.switchToHttp().getRequest<Request>().session);
    if (refusal) throw refusal;
    return true;
  }
}

/** The operator behind an admin request (after `AdminGuard`), as every admin NATS request and audit entry carries it. */
export const Operator = createParamDecorator((_data: unknown, context: ExecutionContext): AdminActor => {
  const session = context.switchToHttp().getRequest<Request>().session;
  return { operatorId: session.userId!, operatorName: session.username ?? session.userId! };
});
