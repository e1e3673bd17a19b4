import type { NextFunction, Request, Response } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for state-changing API calls: a browser always says where a request comes from
 * (Origin, or Sec-Fetch-Site), and only this site's own pages may change state with the session
 * cookie. Webhooks (verified by their signatures instead) are exempt.
 */
export function isCrossSiteWrite(request: Pick<Request, 'method' | 'path' | 'headers'>, ownOrigin: string, exemptPaths: readonly string[] = []): boolean {
  if (SAFE_METHODS.has(request.method) || exemptPaths.includes(request.path)) return false;
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') return origin !== ownOrigin;
  return request.headers['sec-fetch-site'] === 'cross-site' || origin === 'null';
}

export function sameOriginMiddleware(publicUrl: string | undefined, exemptPaths: readonly string[] = []) {
  return (request: Request, response: Response, next: NextFunction) => {
    const ownOrigin = publicUrl ?? `${request.protocol}://${request.get('host')}`;
    // Mounted under /api, `path` is relative to the mount: match exemptions on the full path.
    const fullPath = request.baseUrl + request.path;
    if (isCrossSiteWrite({ method: request.method, path: fullPath, headers: request.headers }, ownOrigin, exemptPaths)) {
      response.status(403).json({ message: 'This request came from another site and was refused.' });
      return;
    }
    next();
  };
}
