import type { ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { AuthController } from '../auth/auth.controller';
import { isSignInRoute, signInTracker } from './sign-in-rate-limit';

/** The context the throttler sees for a request to one of AuthController's handlers. */
const routeTo = (handler: keyof AuthController) =>
  ({ getClass: () => AuthController, getHandler: () => AuthController.prototype[handler] }) as unknown as ExecutionContext;

const requestFrom = (ip: string, query: Record<string, string> = {}) => ({ ip, query }) as unknown as Request;

describe('the sign-in rate limit', () => {
  it('counts the routes marked @SignInRoute() (login and the callback), and no other', () => {
    expect(isSignInRoute(routeTo('login'))).toBe(true);
    expect(isSignInRoute(routeTo('callback'))).toBe(true);
    expect(isSignInRoute(routeTo('user'))).toBe(false);
    expect(isSignInRoute(routeTo('logout'))).toBe(false);
  });

  it('counts login per address, and the callback per address and OIDC state', () => {
    expect(signInTracker(requestFrom('203.0.113.7', { state: 'abc' }), routeTo('login'))).toBe('203.0.113.7');
    expect(signInTracker(requestFrom('203.0.113.7', { state: 'abc' }), routeTo('callback'))).toBe('203.0.113.7 abc');
    expect(signInTracker(requestFrom('203.0.113.7'), routeTo('callback'))).toBe('203.0.113.7');
    expect(signInTracker(requestFrom('203.0.113.7', { state: 'x'.repeat(300) }), routeTo('callback'))).toBe(`203.0.113.7 ${'x'.repeat(256)}`);
  });
});
