import { readEnv } from '@lipcast/nest-kit';
import { AuthSettings } from './settings';

const PRODUCTION = { NODE_ENV: 'production', DATABASE_URL: 'postgresql://db.internal/lipcast', NATS_URL: 'nats://nats.internal:4222', IDENTITY_HASH_SECRET: 'k'.repeat(32) };

describe('AuthSettings IDENTITY_HASH_SECRET', () => {
  it('has a development key, and production must set its own', () => {
    expect(readEnv(AuthSettings, {}).IDENTITY_HASH_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(() => readEnv(AuthSettings, { ...PRODUCTION, IDENTITY_HASH_SECRET: undefined })).toThrow(/\n {2}IDENTITY_HASH_SECRET .*: must be set when NODE_ENV=production/);
    expect(readEnv(AuthSettings, PRODUCTION).IDENTITY_HASH_SECRET).toBe('k'.repeat(32));
  });

  it.each(['CHANGE_ME_TO_A_LONG_RANDOM_IDENTITY_SECRET', 'an-example-identity-hash-secret-value'])('refuses the placeholder %s', (secret) => {
    expect(() => readEnv(AuthSettings, { ...PRODUCTION, IDENTITY_HASH_SECRET: secret })).toThrow(/\n {2}IDENTITY_HASH_SECRET .*: holds a placeholder/);
  });

  it('refuses a short key', () => {
    expect(() => readEnv(AuthSettings, { ...PRODUCTION, IDENTITY_HASH_SECRET: 'short' })).toThrow(/IDENTITY_HASH_SECRET .*: must be at least 32 characters/);
  });
});
