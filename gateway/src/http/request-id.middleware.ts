import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { REQUEST_ID_HEADER } from '@lipcast/contracts';
import { acceptOrCreateRequestId, runWithRequestId } from '@lipcast/nest-kit';

/** Sign-in routes whose query strings carry secrets (the authorization code, state) or the issuer's answer. */
const AUTH_PATHS = new Set(['/api/login', '/api/callback', '/api/logout']);

/**
 * The URL as the access log writes it: on the sign-in routes, the query keeps its parameter names
 * but not their values (`/api/callback?code=…&state=…`).
 */
export function loggedUrl(originalUrl: string): string {
  const queryStart = originalUrl.indexOf('?');
  if (queryStart < 0) return originalUrl;
  const path = originalUrl.slice(0, queryStart);
  if (!AUTH_PATHS.has(path.replace(/\/+$/, '').toLowerCase())) return originalUrl;
  const names = [...new URLSearchParams(originalUrl.slice(queryStart + 1)).keys()];
  return `${path}?${names.map((name) => `${encodeURIComponent(name)}=…`).join('&')}`;
}

/** Gives every request an id (kept from the caller when sane), echoes it, and logs the outcome. */
export function requestIdMiddleware(logger: Logger) {
  return (request: Request, response: Response, next: NextFunction) => {
    const requestId = acceptOrCreateRequestId(request.headers[REQUEST_ID_HEADER]);
    response.setHeader(REQUEST_ID_HEADER, requestId);
    const started = process.hrtime.bigint();
    response.on('finish', () =>
      runWithRequestId(requestId, () =>
        logger.info(
          { method: request.method, path: loggedUrl(request.originalUrl), status: response.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6 },
          'request',
        ),
      ),
    );
    runWithRequestId(requestId, next);
  };
}
