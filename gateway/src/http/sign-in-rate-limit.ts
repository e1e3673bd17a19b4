import { SetMetadata, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { normalizeIp } from '@nestjs/throttler';
import type { Request } from 'express';

const SIGN_IN_ROUTE = 'lipcast:sign-in-route';

export interface SignInRouteOptions {
  /**
   * Count each attempt per client address and OIDC `state` (the issuer's callback), so that
   * callbacks flooding in from one shared address cannot use up the attempts of the other people behind it.
   */
  perAttempt?: boolean;
}

/**
 * Marks a route the sign-in rate limit (`SIGN_IN_RATE_LIMIT_PER_MINUTE`) counts. A mark, not a
 * method name: renaming the handler keeps the limit.
 */
export const SignInRoute = (options: SignInRouteOptions = {}) => SetMetadata(SIGN_IN_ROUTE, options);

const reflector = new Reflector();
const signInRouteOptions = (context: ExecutionContext) => reflector.get<SignInRouteOptions | undefined>(SIGN_IN_ROUTE, context.getHandler());

/** Whether the sign-in rate limit counts this route (the `sign-in` throttler skips every other). */
export const isSignInRoute = (context: ExecutionContext): boolean => signInRouteOptions(context) !== undefined;

/**
 * Who a sign-in attempt counts against: the client address (as far as TRUST_PROXY vouches for it)
 * and, on a `perAttempt` route, also the OIDC `state` of the attempt.
 */
export function signInTracker(request: Request, context: ExecutionContext): string {
  const address = normalizeIp(request.ip ?? '');
  const state = request.query.state;
  return signInRouteOptions(context)?.perAttempt && typeof state === 'string' ? `${address} ${state.slice(0, 256)}` : address;
}
