import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import type { Logger } from 'pino';
import type pg from 'pg';
import type { GatewaySettings } from '../settings';
import { PgSessionStore } from './pg-session-store';
// The session's fields (`userId`, `idToken`, `oidc`).
import type {} from './session-data';

export const SESSION_COOKIE = 'lipcast.sid';

/**
 * Server-side sessions in PostgreSQL behind an httpOnly, SameSite=Lax cookie (Secure when the
 * request came over HTTPS), with rolling expiry. A session row exists only once something is
 * stored in it (sign-in), so anonymous traffic writes nothing.
 */
export function createSessionMiddleware(settings: GatewaySettings, pool: pg.Pool, logger: Logger) {
  const ttlMs = settings.SESSION_TTL_HOURS * 3_600_000;
  let secret = settings.SESSION_SECRET;
  if (!secret) {
    secret = randomBytes(32).toString('hex');
    logger.warn('SESSION_SECRET is not set: using a random one, so sessions end when the gateway restarts');
  }
  const store = new PgSessionStore(pool, ttlMs, settings.SESSION_TOUCH_INTERVAL_SECONDS * 1000);
  const middleware = session({
    name: SESSION_COOKIE,
    secret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    // proxy left unset: X-Forwarded-Proto counts only from hops Express trusts (TRUST_PROXY).
    // Secure whenever the site is served over HTTPS: always when PUBLIC_URL says so, else per request.
    cookie: { httpOnly: true, sameSite: 'lax', secure: settings.PUBLIC_URL?.startsWith('https:') ? true : 'auto', maxAge: ttlMs, path: '/' },
  });
  return { middleware, store };
}

/** `/v1` and below, as the router under `/api` matches them (case-insensitively, as Express routes). */
const PUBLIC_API_PATH = /^\/v1(?:\/|$)/i;

/**
 * The session middleware (mounted on `/api`) for every route but the public API's: a `/api/v1`
 * request's cookie is not parsed, no session is looked up, created or extended for it and no cookie
 * is set, so a browser's session can never authenticate there (its routes take API keys only).
 */
export function withoutSessionOnPublicApi(middleware: RequestHandler): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => (PUBLIC_API_PATH.test(request.path) ? next() : middleware(request, response, next));
}
