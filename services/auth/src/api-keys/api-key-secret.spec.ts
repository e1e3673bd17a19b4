import { createHash } from 'node:crypto';
import { isApiKeyFormat } from '@lipcast/contracts';
import { generateApiKey, hashApiKey, visiblePrefix } from './api-key-secret';

describe('API key secrets', () => {
  it('makes keys of the documented shape: lc_live_ and 43 base64url characters (32 random bytes)', () => {
    const key = generateApiKey();
    expect(key).toMatch(/^lc_live_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(key.slice('lc_live_'.length), 'base64url')).toHaveLength(32);
    expect(isApiKeyFormat(key)).toBe(true);
  });

  it('never makes the same key twice in a thousand', () => {
    expect(new Set(Array.from({ length: 1000 }, generateApiKey)).size).toBe(1000);
  });

  it('stores a key as its SHA-256 in hex, the same for the same key and different for another', () => {
    const key = generateApiKey();
    expect(hashApiKey(key)).toBe(createHash('sha256').update(key).digest('hex'));
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(generateApiKey())).not.toBe(hashApiKey(key));
  });

  it('shows the first 12 characters: the prefix and 4 of the random ones', () => {
    expect(visiblePrefix('lc_live_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde')).toBe('lc_live_AbCd');
  });

  it('refuses what cannot be a key before any lookup', () => {
    for (const value of ['', 'lc_live_', 'lc_test_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abc', `${generateApiKey()}x`, 'Bearer lc_live_x', `lc_live_${'a'.repeat(42)}=`]) {
      expect(isApiKeyFormat(value)).toBe(false);
    }
  });
});
