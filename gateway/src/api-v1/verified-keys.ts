import { createHash } from 'node:crypto';
import type { ApiKeyIdentity, ApiKeysInvalidated, VerifiedApiKey } from '@lipcast/contracts';

/**
 * A key verified by auth less than this long ago is taken from the cache; an older one is asked
 * again. Not what keeps the cache right (auth's events do, below): it lets auth record the key's
 * last use to the minute, as it did when every request asked (`LAST_USED_PRECISION_MS`).
 */
export const REVERIFY_AFTER_MS = 60_000;
/** Keys held at most; past it the longest held is dropped (it is asked again when used). */
export const MAX_VERIFIED_KEYS = 10_000;

/** The SHA-256 of a key: what the cache holds, never the key itself. */
export const keyHash = (key: string): string => createHash('sha256').update(key).digest('hex');

interface VerifiedKey {
  identity: ApiKeyIdentity;
  /** Epoch milliseconds the key stops working at; null: never. */
  expiresAt: number | null;
  verifiedAt: number;
}

/** What the cache knows of a key: who it speaks for, that it has expired, or nothing (ask auth). */
export type CachedVerdict = { identity: ApiKeyIdentity } | 'expired' | undefined;

/**
 * The gateway's keys that auth verified, by key hash, kept exact by auth's events rather than a
 * time-to-live: auth publishes `auth.apiKeys.invalidated.v1` when a key is revoked or its owner's
 * account is being deleted or is gone, and `invalidate` drops those keys; a key past its expiry is
 * refused from here; `clear` drops everything when the connection to NATS drops or comes back (events
 * may have been missed meanwhile). Unknown, revoked and expired-at-auth keys are never held, so a key
 * made a moment ago is asked of auth, never refused from here.
 *
 * A verification whose answer arrives after an invalidation it started before is not kept
 * (`generation`): the answer may predate the revoke the event reported.
 */
export class VerifiedKeys {
  private readonly keys = new Map<string, VerifiedKey>();
  /** Moves on at every invalidation and clear. */
  private generation = 0;

  constructor(private readonly maxKeys = MAX_VERIFIED_KEYS) {}

  /** What is known of the key with this hash at `now` (epoch ms). */
  lookup(hash: string, now: number): CachedVerdict {
    const held = this.keys.get(hash);
    if (!held) return undefined;
    if (held.expiresAt !== null && held.expiresAt <= now) return 'expired';
    if (now - held.verifiedAt >= REVERIFY_AFTER_MS) return undefined;
    return { identity: held.identity };
  }

  /** Marks the start of a verification: pass it to `remember` with auth's answer. */
  begin(): number {
    return this.generation;
  }

  /** Keeps auth's answer, unless an invalidation or clear came since the verification began. */
  remember(hash: string, verified: VerifiedApiKey, begunAt: number, now: number): void {
    if (begunAt !== this.generation) return;
    const { userId, keyId, scopes, expiresAt } = verified;
    this.keys.delete(hash); // re-inserted last: the longest held is the first the limit drops
    this.keys.set(hash, { identity: { userId, keyId, scopes }, expiresAt: expiresAt === null ? null : Date.parse(expiresAt), verifiedAt: now });
    if (this.keys.size > this.maxKeys) this.keys.delete(this.keys.keys().next().value!);
  }

  /** Drops the keys auth says stopped working: one key, or every key of the user. */
  invalidate(event: ApiKeysInvalidated): void {
    this.generation += 1;
    for (const [hash, held] of this.keys) {
      if (held.identity.userId === event.userId && (event.keyId === null || held.identity.keyId === event.keyId)) this.keys.delete(hash);
    }
  }

  clear(): void {
    this.generation += 1;
    this.keys.clear();
  }

  get size(): number {
    return this.keys.size;
  }
}
