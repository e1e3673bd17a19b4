import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/** The AES-256 key made from the `WEBHOOK_SECRET_KEY` setting (any long string). */
const aesKey = (settingKey: string) => createHash('sha256').update(settingKey).digest();

/** A fresh signing secret for an endpoint, shown to its owner once. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** `v1.<iv>.<tag>.<ciphertext>` (base64url): an endpoint's secret as stored, AES-256-GCM. */
export function encryptSecret(settingKey: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', aesKey(settingKey), iv);
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

export function decryptSecret(settingKey: string, stored: string): string {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('not an encrypted webhook secret');
  const decipher = createDecipheriv('aes-256-gcm', aesKey(settingKey), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

/** The secret that signs a user's deliveries to a request's own `webhook_url`: derived, so nothing is stored and every replica agrees. */
export const requestWebhookSecret = (settingKey: string, userId: string) => `whsec_${createHmac('sha256', settingKey).update(`request-webhooks:${userId}`).digest('base64url')}`;
