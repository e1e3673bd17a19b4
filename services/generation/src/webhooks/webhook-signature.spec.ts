import { signWebhook, verifyWebhookSignature } from './webhook-signature';

const SECRET = 'whsec_test';
const BODY = '{"id":"d1","event":"video.succeeded"}';
const NOW = 1_800_000_000_000;
const T = NOW / 1000;

describe('webhook signatures', () => {
  it('signs t=<seconds>,v1=<HMAC-SHA256 of "<t>.<body>"> and verifies it', () => {
    const header = signWebhook(SECRET, BODY, T);
    expect(header).toMatch(new RegExp(`^t=${T},v1=[0-9a-f]{64}$`));
    expect(verifyWebhookSignature(SECRET, header, BODY, 300, NOW)).toBe(true);
  });

  it('refuses a changed body, another secret, a forged signature or no header', () => {
    const header = signWebhook(SECRET, BODY, T);
    expect(verifyWebhookSignature(SECRET, header, BODY.replace('succeeded', 'failed'), 300, NOW)).toBe(false);
    expect(verifyWebhookSignature('whsec_other', header, BODY, 300, NOW)).toBe(false);
    expect(verifyWebhookSignature(SECRET, `t=${T},v1=${'0'.repeat(64)}`, BODY, 300, NOW)).toBe(false);
    expect(verifyWebhookSignature(SECRET, header.replace(`t=${T}`, `t=${T + 1}`), BODY, 300, NOW)).toBe(false);
    expect(verifyWebhookSignature(SECRET, undefined, BODY, 300, NOW)).toBe(false);
    expect(verifyWebhookSignature(SECRET, 'garbage', BODY, 300, NOW)).toBe(false);
  });

  it('refuses a signature older or newer than the tolerance, and accepts one at its edge', () => {
    expect(verifyWebhookSignature(SECRET, signWebhook(SECRET, BODY, T - 300), BODY, 300, NOW)).toBe(true);
    expect(verifyWebhookSignature(SECRET, signWebhook(SECRET, BODY, T - 301), BODY, 300, NOW)).toBe(false);
    expect(verifyWebhookSignature(SECRET, signWebhook(SECRET, BODY, T + 301), BODY, 300, NOW)).toBe(false);
  });

  it('accepts any matching v1 (a secret being rotated)', () => {
    const signature = signWebhook(SECRET, BODY, T).split(',')[1];
    expect(verifyWebhookSignature(SECRET, `t=${T},v1=${'a'.repeat(64)},${signature}`, BODY, 300, NOW)).toBe(true);
  });
});
