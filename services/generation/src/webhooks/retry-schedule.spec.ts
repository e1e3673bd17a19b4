import { nextRetryDelay, parseRetrySchedule } from './retry-schedule';
import { decryptSecret, encryptSecret, requestWebhookSecret } from './secret-box';

describe('webhook retry schedule', () => {
  it('reads ms, s, m and h steps in order', () => {
    expect(parseRetrySchedule('200ms, 1.5s,1m,2h')).toEqual([200, 1500, 60_000, 7_200_000]);
  });

  it('the default spans about 24 hours', () => {
    const total = parseRetrySchedule('30s,1m,5m,15m,1h,2h,4h,8h,8h').reduce((sum, step) => sum + step, 0);
    expect(total / 3_600_000).toBeGreaterThan(23);
    expect(total / 3_600_000).toBeLessThan(24.5);
  });

  it('refuses what is not a list of durations', () => {
    for (const bad of ['', '30', '30x', '1m,,2m', 'soon']) expect(() => parseRetrySchedule(bad)).toThrow('not a retry schedule');
  });

  it('gives the wait after each failed attempt, then null once the schedule is over', () => {
    const schedule = parseRetrySchedule('200ms,400ms');
    expect([1, 2, 3].map((attempt) => nextRetryDelay(schedule, attempt))).toEqual([200, 400, null]);
  });
});

describe('webhook secrets at rest', () => {
  it('encrypts with AES-256-GCM and decrypts only with the same key', () => {
    const stored = encryptSecret('key-one-long-enough', 'whsec_abc');
    expect(stored).not.toContain('whsec_abc');
    expect(decryptSecret('key-one-long-enough', stored)).toBe('whsec_abc');
    expect(() => decryptSecret('key-two-long-enough', stored)).toThrow();
  });

  it('derives one request-webhook secret per user', () => {
    expect(requestWebhookSecret('k', 'user-1')).toBe(requestWebhookSecret('k', 'user-1'));
    expect(requestWebhookSecret('k', 'user-1')).not.toBe(requestWebhookSecret('k', 'user-2'));
  });
});
