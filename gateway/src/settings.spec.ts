import { InvalidEnvironmentError, readEnv } from '@lipcast/nest-kit';
import { adminList, GatewaySettings } from './settings';

const S3_KEYS = { S3_ACCESS_KEY: 'key', S3_SECRET_KEY: 'secret' };
const PRODUCTION = {
  NODE_ENV: 'production',
  ...S3_KEYS,
  DATABASE_URL: 'postgresql://db.internal/lipcast',
  NATS_URL: 'nats://nats.internal:4222',
  S3_ENDPOINT: 'https://s3.example',
  PUBLIC_URL: 'https://lipcast.example',
  SESSION_SECRET: 'x'.repeat(32),
  OIDC_ISSUER_URL: 'https://id.example',
};

const unsetNames = (env: Record<string, string>): string[] => {
  try {
    readEnv(GatewaySettings, env);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidEnvironmentError);
    return (error as Error).message
      .split('\n')
      .filter((line) => line.endsWith('must be set when NODE_ENV=production (the development default does not apply)'))
      .map((line) => line.trim().split(' ')[0])
      .sort();
  }
  return [];
};

describe('GatewaySettings in production', () => {
  it('refuses every development default the gateway would fall back to, by name', () => {
    expect(unsetNames({ NODE_ENV: 'production', ...S3_KEYS })).toEqual(['DATABASE_URL', 'NATS_URL', 'OIDC_ISSUER_URL', 'PUBLIC_URL', 'S3_ENDPOINT', 'SESSION_SECRET']);
  });

  it('starts with them set, and in development without them', () => {
    expect(readEnv(GatewaySettings, PRODUCTION).PUBLIC_URL).toBe('https://lipcast.example');
    expect(readEnv(GatewaySettings, { ...S3_KEYS, S3_ENDPOINT: 'http://127.0.0.1:9000' }).SESSION_SECRET).toBeUndefined();
  });
});

describe('GatewaySettings TRUST_PROXY', () => {
  const env = { ...S3_KEYS, S3_ENDPOINT: 'http://127.0.0.1:9000' };

  it('trusts loopback by default and takes a hop count or a list of ranges', () => {
    expect(readEnv(GatewaySettings, env).TRUST_PROXY).toBe('loopback');
    expect(readEnv(GatewaySettings, { ...env, TRUST_PROXY: '1' }).TRUST_PROXY).toBe('1');
    expect(readEnv(GatewaySettings, { ...env, TRUST_PROXY: '10.0.0.0/8, loopback' }).TRUST_PROXY).toBe('10.0.0.0/8, loopback');
  });

  it('refuses anything else, naming the variable', () => {
    expect(() => readEnv(GatewaySettings, { ...env, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY .*: must be a hop count/);
  });
});

describe('GatewaySettings operator lists', () => {
  const base = { ...S3_KEYS, S3_ENDPOINT: 'http://127.0.0.1:9000' };

  it('reads ADMIN_USERS and ADMIN_GROUPS as comma-separated names', () => {
    const settings = readEnv(GatewaySettings, { ...base, ADMIN_USERS: 'alice, ops@example.com', ADMIN_GROUPS: 'lipcast-admins' });
    expect(adminList(settings.ADMIN_USERS)).toEqual(['alice', 'ops@example.com']);
    expect(adminList(settings.ADMIN_GROUPS)).toEqual(['lipcast-admins']);
    expect(adminList(readEnv(GatewaySettings, base).ADMIN_GROUPS)).toEqual([]);
  });

  it('refuses a name with a space inside', () => {
    expect(() => readEnv(GatewaySettings, { ...base, ADMIN_GROUPS: 'lipcast admins' })).toThrow(/ADMIN_GROUPS/);
  });
});
