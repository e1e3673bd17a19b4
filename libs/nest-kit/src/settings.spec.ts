import { InvalidEnvironmentError, readEnv } from './env';
import { ServiceSettings } from './settings';

/** The one line readEnv writes about `variable`, or null when it accepted the environment. */
function problemWith(variable: string, env: Record<string, string>): string | null {
  try {
    readEnv(ServiceSettings, { NODE_ENV: 'production', DATABASE_URL: 'postgresql://db.internal/lipcast', NATS_URL: 'nats://nats.internal:4222', ...env });
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidEnvironmentError);
    return (error as Error).message.split('\n').find((line) => line.trim().startsWith(`${variable} `)) ?? null;
  }
}

const PLACEHOLDER = /: holds a placeholder \("CHANGE…" or "example"\): set a secret of your own$/;

// The placeholders of deploy/k8s/secrets/secrets.example.yaml before it was emptied, and their kind:
// applied unchanged they passed every rule, so production ran on secrets anyone could read.
describe('ServiceSettings refuses a secret still holding a template placeholder', () => {
  it.each(['CHANGE_ME_TO_16_OR_MORE_CHARACTERS', 'change-me-to-a-long-random-token', 'an-example-operator-token'])('OPS_TOKEN=%s', (token) => {
    expect(problemWith('OPS_TOKEN', { OPS_TOKEN: token })).toMatch(PLACEHOLDER);
  });

  it.each(['CHANGEME1', 'CHANGEME5', 'gatewayExample1'])('NATS_PASS=%s', (password) => {
    expect(problemWith('NATS_PASS', { NATS_USER: 'gateway', NATS_PASS: password })).toMatch(PLACEHOLDER);
  });

  it('takes real secrets, and no token at all', () => {
    expect(problemWith('OPS_TOKEN', { OPS_TOKEN: '4f1c0d9e8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a' })).toBeNull();
    expect(problemWith('NATS_PASS', { NATS_USER: 'gateway', NATS_PASS: 'kQ7vT2mX9pL4wR8s' })).toBeNull();
    expect(problemWith('OPS_TOKEN', {})).toBeNull();
  });
});

describe('ServiceSettings OPS_TOKEN', () => {
  // The template's OPS_TOKEN is empty now: left so, an ops listener open to the network must not run without one.
  it('is required when the ops listener is not on loopback (Kubernetes: OPS_HOST=0.0.0.0)', () => {
    expect(problemWith('OPS_TOKEN', { OPS_HOST: '0.0.0.0' })).toMatch(/: is required when OPS_HOST is not a loopback address$/);
    expect(problemWith('OPS_TOKEN', { OPS_HOST: '0.0.0.0', OPS_TOKEN: '4f1c0d9e8b7a6f5e4d3c2b1a' })).toBeNull();
    for (const host of ['127.0.0.1', 'localhost', '::1']) expect(problemWith('OPS_TOKEN', { OPS_HOST: host })).toBeNull();
  });
});

describe('ServiceSettings JETSTREAM_REPLICAS', () => {
  it('is 1 unless set (a single NATS server), and takes up to 5 copies', () => {
    const env = { DATABASE_URL: 'postgresql://db.internal/lipcast', NATS_URL: 'nats://nats.internal:4222' };
    expect(readEnv(ServiceSettings, env).JETSTREAM_REPLICAS).toBe(1);
    expect(readEnv(ServiceSettings, { ...env, JETSTREAM_REPLICAS: '3' }).JETSTREAM_REPLICAS).toBe(3);
    expect(problemWith('JETSTREAM_REPLICAS', { JETSTREAM_REPLICAS: '0' })).toMatch(/: must be at least 1$/);
    expect(problemWith('JETSTREAM_REPLICAS', { JETSTREAM_REPLICAS: '6' })).toMatch(/: must be 5 or fewer \(JetStream's limit\)$/);
    expect(problemWith('JETSTREAM_REPLICAS', { JETSTREAM_REPLICAS: '2.5' })).toMatch(/: must be a whole number$/);
  });
});
