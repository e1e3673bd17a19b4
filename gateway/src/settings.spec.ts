import { InvalidEnvironmentError, readEnv } from '@lipcast/nest-kit';
import { adminList, GatewaySettings, parseAdminUsers, parseImageSources } from './settings';

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
  const startUpError = (env: Record<string, string>): string => {
    try {
      readEnv(GatewaySettings, env);
    } catch (error) {
      return (error as Error).message;
    }
    return '';
  };

  it('reads ADMIN_USERS as issuer|subject (split at the first "|") or e-mail entries, and ADMIN_GROUPS as names', () => {
    const settings = readEnv(GatewaySettings, { ...base, ADMIN_USERS: 'https://id.example.com|248289761001, https://example.eu.auth0.com/|auth0|65f0c1 ,Ops@Example.com', ADMIN_GROUPS: 'lipcast-admins' });
    expect(parseAdminUsers(settings.ADMIN_USERS)).toEqual({
      subjects: [
        { issuer: 'https://id.example.com/', subject: '248289761001' },
        { issuer: 'https://example.eu.auth0.com/', subject: 'auth0|65f0c1' },
      ],
      emails: ['ops@example.com'],
      invalid: [],
    });
    expect(adminList(settings.ADMIN_GROUPS)).toEqual(['lipcast-admins']);
    expect(adminList(readEnv(GatewaySettings, base).ADMIN_GROUPS)).toEqual([]);
    expect(readEnv(GatewaySettings, base).ADMIN_SESSION_MAX_HOURS).toBe(12);
  });

  it('refuses to start on a bare username in ADMIN_USERS, naming the entry and saying how to write an operator', () => {
    for (const entry of ['grace', '|grace', 'grace|123', 'https://id.example.com|', 'ftp://id.example.com|123']) {
      const line = startUpError({ ...base, ADMIN_USERS: `ops@example.com, ${entry}` }).split('\n').find((text) => text.trim().startsWith('ADMIN_USERS'));
      expect(line).toContain(`: "${entry}" is neither issuer|subject nor an e-mail address. Write each operator as issuer|subject, the ID token's iss and sub (e.g. https://id.example.com|248289761001`);
      expect(line).toContain('a username is not accepted');
    }
  });

  it('refuses a group name with a space inside, and an admin session age under an hour', () => {
    expect(() => readEnv(GatewaySettings, { ...base, ADMIN_GROUPS: 'lipcast admins' })).toThrow(/ADMIN_GROUPS/);
    expect(() => readEnv(GatewaySettings, { ...base, ADMIN_SESSION_MAX_HOURS: '0' })).toThrow(/ADMIN_SESSION_MAX_HOURS .*: must be at least 1/);
  });
});

describe('GatewaySettings SESSION_SECRET placeholders', () => {
  // deploy/k8s/secrets/secrets.example.yaml held the first one: applied unchanged, anyone could forge a session cookie.
  it.each(['CHANGE_ME_TO_32_OR_MORE_RANDOM_CHARACTERS', 'please-change-this-session-secret-now', 'an-example-session-secret-of-32-characters'])('refuses %s at start-up, naming it', (secret) => {
    expect(() => readEnv(GatewaySettings, { ...PRODUCTION, SESSION_SECRET: secret })).toThrow(/\n {2}SESSION_SECRET .*: holds a placeholder \("CHANGE…" or "example"\): set a secret of your own/);
  });

  it('starts with a secret of its own', () => {
    expect(readEnv(GatewaySettings, PRODUCTION).SESSION_SECRET).toBe('x'.repeat(32));
  });
});

describe(parseImageSources.name, () => {
  it('takes https:, origins (wildcards too) or none, and refuses anything else', () => {
    expect(parseImageSources('https:')).toEqual(['https:']);
    expect(parseImageSources('https://lh3.googleusercontent.com, https://*.gravatar.com')).toEqual(['https://lh3.googleusercontent.com', 'https://*.gravatar.com']);
    expect(parseImageSources('none')).toEqual([]);
    expect(parseImageSources("'unsafe-inline'")).toBeNull();
    expect(parseImageSources('*')).toBeNull();
    expect(parseImageSources('https://a.example; script-src *')).toBeNull();
    expect(parseImageSources('')).toBeNull();
  });
});
