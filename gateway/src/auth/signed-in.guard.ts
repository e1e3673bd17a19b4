import { createParamDecorator, Injectable, SetMetadata, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { Messages } from '@lipcast/contracts';
import { CurrentUsers } from './current-users';

export const PUBLIC_ROUTE = 'lipcast:public-route';

/** Marks a route (or a whole controller) as open to signed-out visitors. Everything else needs sign-in. */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

const KEEPS_CURRENT_USER = 'lipcast:keeps-current-user';

/** Marks a signed-in route that cannot change what `GET /api/auth/user` answers (the read itself). */
export const KeepsCurrentUser = () => SetMetadata(KEEPS_CURRENT_USER, true);

/**
 * Every API route needs a signed-in user unless it says `@Public()`: new routes are closed by default.
 * A signed-in request may change the user's plan or usage (a generation spends a credit), so unless
 * the route says `@KeepsCurrentUser()`, the kept answer of `GET /api/auth/user` is dropped when it ends.
 */
@Injectable()
export class SignedInGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly currentUsers: CurrentUsers,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;
    const userId = context.switchToHttp().getRequest<Request>().session?.userId;
    if (!userId) throw new UnauthorizedException(Messages.unauthenticated);
    if (!this.reflector.getAllAndOverride<boolean>(KEEPS_CURRENT_USER, targets)) {
      // 'close' follows the end of every response, finished or cut short (event streams too).
      context.switchToHttp().getResponse<Response>().once('close', () => this.currentUsers.forget(userId));
    }
    return true;
  }
}

/** The signed-in user's id, for routes behind `SignedInGuard`; services trust only ids sent this way. */
export const CurrentUserId = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  return context.switchToHttp().getRequest<Request>().session.userId!;
});

/** The visitor's user id on a public route: null when signed out. */
export const OptionalUserId = createParamDecorator((_data: unknown, context: ExecutionContext): string | null => {
  return context.switchToHttp().getRequest<Request>().session?.userId ?? null;
});
