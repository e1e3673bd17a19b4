import { createHmac } from 'node:crypto';
import { identityFingerprint } from './identity-fingerprint';

describe(identityFingerprint.name, () => {
  it('is the HMAC-SHA256 of issuer and subject under the key, and neither can be read back from it', () => {
    const fingerprint = identityFingerprint('a-key-of-thirty-two-characters!!', 'https://idp.test', 'ada@example.com');
    expect(fingerprint).toBe(createHmac('sha256', 'a-key-of-thirty-two-characters!!').update('https://idp.test\nada@example.com').digest('hex'));
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('differs by key, issuer and subject, and the separator keeps issuer and subject apart', () => {
    const base = identityFingerprint('key-one', 'https://idp.test', 'ada');
    expect(identityFingerprint('key-two', 'https://idp.test', 'ada')).not.toBe(base);
    expect(identityFingerprint('key-one', 'https://other.test', 'ada')).not.toBe(base);
    expect(identityFingerprint('key-one', 'https://idp.test', 'bob')).not.toBe(base);
    expect(identityFingerprint('key-one', 'https://idp.testa', 'da')).not.toBe(base);
  });
});
