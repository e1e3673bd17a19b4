import { createParamDecorator, Injectable, SetMetadata, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { Messages } from '@lipcast/contracts';

export const PUBLIC_ROUTE = 'lipcast:public-route';

/** Marks a route (or a whole controller) as open to signed-out visitors. Everything else needs sign-in. */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/** Every API route needs a signed-in user unless it says `@Public()`: new routes are closed by default. */
@Injectable()
export class SignedInGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [context.getHandler(), context.getClass()])) return true;
    if (context.switchToHttp().getRequest<Request>().session?.userId) return true;
    throw new UnauthorizedException(Messages.unauthenticated);
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
