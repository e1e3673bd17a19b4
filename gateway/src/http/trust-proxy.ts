import { isIP } from 'node:net';
import type { NextFunction, Request, Response } from 'express';

/** Express's own names for address ranges ('loopback' = 127.0.0.0/8 and ::1). */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY` as Express's `trust proxy` setting: a hop count ("1": the one ingress in front of
 * us; "0": trust no one) or a comma-separated list of proxy addresses, CIDR ranges and range names.
 * `X-Forwarded-For` is read only as far back as these hops vouch for it, so a client cannot choose
 * its own address. Returns null for a value that is neither.
 */
export function parseTrustProxy(value: string): number | string[] | null {
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  return entries.length && entries.every(isAddressOrRange) ? entries : null;
}

/**
 * With NODE_ENV=production, logs an error once when X-Forwarded-For arrives from a hop TRUST_PROXY
 * does not trust. A proxy in front that TRUST_PROXY misses (Docker's bridge, an ingress) makes every
 * visitor the proxy's one address: one rate limit and one sign-in limit for everybody. Once only, as
 * a client may send the header itself and must not fill the log.
 */
export function untrustedForwardingAlarm(logger: { error(fields: object, message: string): void }, options: { production: boolean; trustProxy: string }) {
  let said = !options.production;
  return (request: Request, _response: Response, next: NextFunction) => {
    if (!said && request.headers['x-forwarded-for'] !== undefined) {
      // Express's own check (compiled from `trust proxy`) for the hop that connected to us.
      const trusts = request.app.get('trust proxy fn') as (address: string, hop: number) => boolean;
      const peer = request.socket.remoteAddress ?? 'unknown';
      if (!trusts(peer, 0)) {
        said = true;
        logger.error(
          { peer, trustProxy: options.trustProxy },
          `X-Forwarded-For arrived from ${peer}, which TRUST_PROXY (${options.trustProxy}) does not trust: every client behind that proxy counts as ${peer}, ` +
            'sharing one rate limit. Add the proxy\'s address or range to TRUST_PROXY (if no proxy is in front, a client sent the header itself). Logged once.',
        );
      }
    }
    next();
  };
}
