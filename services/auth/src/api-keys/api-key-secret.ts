import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, API_KEY_VISIBLE_LENGTH } from '@lipcast/contracts';

/** Random bytes in a key: 256 bits, beyond any guessing. */
const KEY_RANDOM_BYTES = 32;

/** A new key: the prefix and 32 random bytes in base64url (`lc_live_` + 43 characters). */
export function generateApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(KEY_RANDOM_BYTES).toString('base64url')}`;
}

/**
 * The stored form of a key: its SHA-256 in hex. A fast hash is right here, unlike for passwords:
 * the key carries 256 random bits, so there is no dictionary to try and a slow hash (bcrypt,
 * argon2) would only cost every API request time without making a stolen hash any easier to reverse.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** What the list shows of a key (`lc_live_AbCd`). */
export const visiblePrefix = (key: string): string => key.slice(0, API_KEY_VISIBLE_LENGTH);
