import { isIP } from 'node:net';

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
