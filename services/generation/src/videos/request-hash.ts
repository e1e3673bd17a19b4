import { createHash } from 'node:crypto';

/**
 * JSON with every object's keys sorted and no whitespace: the same value always gives the same
 * text, however its keys were ordered or its body formatted. Absent (`undefined`) properties are
 * left out, as `JSON.stringify` does.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** What an idempotency key remembers of its request: the SHA-256 (hex) of the request's canonical JSON. */
export const requestHash = (request: object): string => createHash('sha256').update(canonicalJson(request)).digest('hex');
