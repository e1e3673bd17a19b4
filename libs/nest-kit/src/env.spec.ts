import { InvalidEnvironmentError, readEnv } from './env';
import { MediaServiceSettings, ServiceSettings } from './settings';

describe(readEnv.name, () => {
  it('applies the defaults when nothing is set', () => {
    const sut = readEnv(ServiceSettings, {});
    expect(sut.DATABASE_URL).toBe('postgresql://postgres@127.0.0.1:5432/lipcast');
    expect(sut.NATS_URL).toBe('nats://127.0.0.1:4222');
    expect(sut.LOG_LEVEL).toBe('info');
  });

  it('takes values from the environment', () => {
    const sut = readEnv(ServiceSettings, { NATS_URL: 'nats://nats:4222', LOG_LEVEL: 'warn' });
    expect(sut.NATS_URL).toBe('nats://nats:4222');
    expect(sut.LOG_LEVEL).toBe('warn');
  });

  it('names every missing or invalid variable in one message', () => {
    const read = () => readEnv(MediaServiceSettings, { DATABASE_URL: 'mysql://x', S3_ENDPOINT: 'ftp://x' });
    expect(read).toThrow(InvalidEnvironmentError);
    expect(read).toThrow(/DATABASE_URL must be a postgresql:\/\/ URL/);
    expect(read).toThrow(/S3_ENDPOINT must be an http\(s\) URL/);
    expect(read).toThrow(/S3_ACCESS_KEY is required/);
  });
});
