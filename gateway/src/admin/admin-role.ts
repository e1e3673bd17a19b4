import { createParamDecorator, ForbiddenException, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { ADMIN_ROLE, Messages, type AdminActor } from '@lipcast/contracts';
import { adminList, type GatewaySettings } from '../settings';

declare module 'express-session' {
  interface SessionData {
    /** Decided at sign-in (`rolesAtSignIn`): `['admin']` for an operator; a changed ADMIN_* list applies at the next sign-in. */
    roles?: string[];
    /** The operator's username, kept for the audit log. */
    username?: string;
  }
}

/** Who signs in, as far as the admin role looks at it. */
export interface SigningInUser {
  username: string;
  email: string | null;
  groups: string[];
}

/**
 * The roles a user gets at sign-in: `admin` when their username or e-mail is in `ADMIN_USERS` or one
 * of their OIDC groups is in `ADMIN_GROUPS` (all compared without case).
 */
export function rolesAtSignIn(settings: Pick<GatewaySettings, 'ADMIN_USERS' | 'ADMIN_GROUPS'>, user: SigningInUser): string[] {
  const users = adminList(settings.ADMIN_USERS);
  const groups = adminList(settings.ADMIN_GROUPS);
  const named = [user.username, user.email].some((name) => name !== null && users.includes(name.toLowerCase()));
  const inGroup = user.groups.some((group) => groups.includes(group.toLowerCase()));
  return named || inGroup ? [ADMIN_ROLE] : [];
}

export const isAdminSession = (request: Request): boolean => request.session?.roles?.includes(ADMIN_ROLE) ?? false;

/** Every `/api/admin` route: 401 signed out (also said by `SignedInGuard`), 403 signed in without the role. */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (!request.session?.userId) throw new UnauthorizedException(Messages.unauthenticated);
    if (!isAdminSession(request)) throw new ForbiddenException('Operators only');
    return true;
  }
}

/** The operator behind an admin request (after `AdminGuard`), as every admin NATS request and audit entry carries it. */
export const Operator = createParamDecorator((_data: unknown, context: ExecutionContext): AdminActor => {
  const session = context.switchToHttp().getRequest<Request>().session;
  return { operatorId: session.userId!, operatorName: session.username ?? session.userId! };
});
