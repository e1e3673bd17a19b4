import { readEnv } from '@lipcast/nest-kit';
import { GatewaySettings } from './settings';

/** A production environment the gateway starts with (settings.spec.ts has the same). */
const PRODUCTION = {
  NODE_ENV: 'production',
  S3_ACCESS_KEY: 'key',
  S3_SECRET_KEY: 'secret',
  DATABASE_URL: 'postgresql://db.internal/lipcast',
  NATS_URL: 'nats://nats.internal:4222',
  S3_ENDPOINT: 'https://s3.example',
  PUBLIC_URL: 'https://lipcast.example',
  SESSION_SECRET: 'x'.repeat(32),
  OIDC_ISSUER_URL: 'https://id.example',
};

describe('GatewaySettings SESSION_SECRET placeholders', () => {
  // deploy/k8s/secrets/secrets.example.yaml held the first one: applied unchanged, anyone could forge a session cookie.
  it.each(['CHANGE_ME_TO_32_OR_MORE_RANDOM_CHARACTERS', 'please-change-this-session-secret-now', 'an-example-session-secret-of-32-characters'])('refuses %s at start-up, naming it', (secret) => {
    expect(() => readEnv(GatewaySettings, { ...PRODUCTION, SESSION_SECRET: secret })).toThrow(/\n {2}SESSION_SECRET .*: holds a placeholder \("CHANGE…" or "example"\): set a secret of your own/);
  });

  it('starts with a secret of its own', () => {
    expect(readEnv(GatewaySettings, PRODUCTION).SESSION_SECRET).toBe('x'.repeat(32));
  });
});
