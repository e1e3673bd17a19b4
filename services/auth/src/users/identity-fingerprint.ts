import { createHmac } from 'node:crypto';

/**
 * The one-way fingerprint of an identity a deleted account leaves: HMAC-SHA256 of `issuer \n subject`
 * in hex. Keyed, so that someone holding the table and a list of subjects (often e-mail addresses or
 * sequential ids) cannot tell whose they are without the secret too.
 */
export function identityFingerprint(secret: string, issuer: string, subject: string): string {
  return createHmac('sha256', secret).update(`${issuer}\n${subject}`).digest('hex');
}
