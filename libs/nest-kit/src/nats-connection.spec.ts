import { nkeys } from '@nats-io/transport-node';
import { InvalidEnvironmentError, readEnv } from './env';
import { natsConnectionOptions } from './nats-connection';
import { ServiceSettings } from './settings';

const seedPair = () => {
  const pair = nkeys.createUser();
  return { seed: new TextDecoder().decode(pair.getSeed()), publicKey: pair.getPublicKey() };
};

/** The problem lines of the start-up message for `env`. */
function problems(env: NodeJS.ProcessEnv): string[] {
  try {
    readEnv(ServiceSettings, env);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidEnvironmentError);
    return (error as Error).message.split('\n').slice(1).sort();
  }
  return [];
}

/** Every connection reconnects for good, every half second (see natsConnectionOptions). */
const RECONNECTING = { maxReconnectAttempts: -1, reconnectTimeWait: 500 };

describe('NATS credentials in the settings', () => {
  it('needs none: an open server, as npm start and the tests use', () => {
    const settings = readEnv(ServiceSettings, {});
    expect([settings.NATS_USER, settings.NATS_PASS, settings.NATS_NKEY_SEED]).toEqual([undefined, undefined, undefined]);
    expect(natsConnectionOptions(settings, 'lipcast-auth', 'auth')).toEqual({ servers: ['nats://127.0.0.1:4222'], name: 'lipcast-auth', inboxPrefix: '_INBOX.auth', ...RECONNECTING });
  });

  it('refuses a user without a password, and a password without a user', () => {
    expect(problems({ NATS_USER: 'billing' })).toEqual(['  NATS_PASS (password of NATS_USER): is required with NATS_USER']);
    expect(problems({ NATS_PASS: 'secret' })).toEqual([
      '  NATS_USER (NATS user of this process, with NATS_PASS, when the NATS server requires sign-in (deploy/nats); unset for an open server): is required with NATS_PASS',
    ]);
  });

  it('refuses a password and an NKey seed together, and a seed that is not a user seed', () => {
    const { seed } = seedPair();
    expect(problems({ NATS_USER: 'billing', NATS_PASS: 'secret', NATS_NKEY_SEED: seed })).toEqual([
      '  NATS_NKEY_SEED (NKey seed (SU…) this process signs in to NATS with, instead of NATS_USER and NATS_PASS): cannot be combined with NATS_USER/NATS_PASS; set one way of signing in to NATS',
    ]);
    expect(problems({ NATS_NKEY_SEED: 'UDL37ERDC7O7ALBBWHQVWMEFRU2JAZGOJCZ43QPZQB5AU2BRGFL6GDLA' })).toEqual([
      '  NATS_NKEY_SEED (NKey seed (SU…) this process signs in to NATS with, instead of NATS_USER and NATS_PASS): must be a user NKey seed (SU followed by 56 letters and digits)',
    ]);
  });

  it('signs in with the user and password', () => {
    const settings = readEnv(ServiceSettings, { NATS_USER: 'billing', NATS_PASS: 'secret' });
    const { authenticator } = natsConnectionOptions(settings, 'lipcast-billing', 'billing');
    expect(typeof authenticator === 'function' && authenticator()).toEqual({ user: 'billing', pass: 'secret' });
  });

  it('signs the server\'s nonce with the NKey seed, sending only the public key', () => {
    const { seed, publicKey } = seedPair();
    const settings = readEnv(ServiceSettings, { NATS_NKEY_SEED: seed });
    const { authenticator } = natsConnectionOptions(settings, 'lipcast-content', 'content');
    const auth = typeof authenticator === 'function' ? authenticator('nonce-1') : null;
    expect(auth).toEqual({ nkey: publicKey, sig: expect.any(String) });
    expect(JSON.stringify(auth)).not.toContain(seed);
  });

  it('keeps the default inbox prefix when no role is given', () => {
    expect(natsConnectionOptions('nats://nats:4222', 'lipcast-client')).toEqual({ servers: ['nats://nats:4222'], name: 'lipcast-client', ...RECONNECTING });
  });

  it("connects to any server of a cluster, each one of NATS_URL's comma-separated URLs", () => {
    const cluster = 'nats://nats-0.nats-headless:4222,nats://nats-1.nats-headless:4222, nats://nats-2.nats-headless:4222';
    const settings = readEnv(ServiceSettings, { NATS_URL: cluster });
    expect(natsConnectionOptions(settings, 'lipcast-generation', 'generation').servers).toEqual([
      'nats://nats-0.nats-headless:4222',
      'nats://nats-1.nats-headless:4222',
      'nats://nats-2.nats-headless:4222',
    ]);
  });

  it('refuses a NATS_URL list with an entry that is not a nats:// URL', () => {
    expect(problems({ NATS_URL: 'nats://nats-0:4222,nats-1:4222' })).toEqual([
      "  NATS_URL (NATS server the gateway and the services talk through; a cluster's servers comma-separated): must be a nats:// URL, or several separated by commas",
    ]);
  });

  it('never gives up reconnecting, and tries often, so a restarted server is found at once', () => {
    expect(natsConnectionOptions('nats://nats:4222', 'lipcast-auth', 'auth')).toMatchObject({ maxReconnectAttempts: -1, reconnectTimeWait: 500 });
  });
});
