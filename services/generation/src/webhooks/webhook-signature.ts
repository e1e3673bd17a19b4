import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Lipcast's webhook signature, as a receiver checks it: `Lipcast-Signature: t=<unix seconds>,v1=<hex>`
 * where the hex is HMAC-SHA256(secret, `<t>.<raw body>`). Dependency-free (node:crypto only) so a
 * receiver can copy it; the README shows the same check.
 */
export const SIGNATURE_HEADER = 'Lipcast-Signature';
export const EVENT_HEADER = 'Lipcast-Event';
export const DELIVERY_HEADER = 'Lipcast-Delivery';

const hmacHex = (secret: string, timestamp: number, body: string) => createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** The `Lipcast-Signature` value for `body` sent at `timestamp` (unix seconds). */
export function signWebhook(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, body)}`;
}

/**
 * True when `header` signs exactly `body` with `secret`, and its time is within `toleranceSeconds`
 * of `now` (a replayed old delivery is refused). Any `v1` in the header may match (a rotated secret).
 */
export function verifyWebhookSignature(secret: string, header: string | undefined, body: string, toleranceSeconds = 300, now = Date.now()): boolean {
  if (!header) return false;
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([name]) => name === 't')?.[1]);
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(hmacHex(secret, timestamp, body), 'hex');
  return parts
    .filter(([name, value]) => name === 'v1' && value !== undefined && /^[0-9a-f]{64}$/.test(value))
    .some(([, value]) => timingSafeEqual(Buffer.from(value!, 'hex'), expected));
}
