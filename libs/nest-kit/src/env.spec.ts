import { InvalidEnvironmentError, readEnv } from './env';
import { MediaServiceSettings, ServiceSettings } from './settings';

describe(readEnv.name, () => {
  it('applies the defaults when nothing is set', () => {
    const sut = readEnv(ServiceSettings, {});
    expect(sut.DATABASE_URL).toBe('postgresql://postgres@127.0.0.1:5432/lipcast');
    expect(sut.NATS_URL).toBe('nats://127.0.0.1:4222');
    expect(sut.LOG_LEVEL).toBe('info');
  });

  it('takes values from the environment and treats empty ones as unset', () => {
    const sut = readEnv(ServiceSettings, { NATS_URL: 'nats://nats:4222', LOG_LEVEL: 'warn', DATABASE_URL: '' });
    expect(sut.NATS_URL).toBe('nats://nats:4222');
    expect(sut.LOG_LEVEL).toBe('warn');
    expect(sut.DATABASE_URL).toBe('postgresql://postgres@127.0.0.1:5432/lipcast');
  });

  it('names every missing or invalid variable, what it is for and what is wrong, in one message', () => {
    let message = '';
    try {
      readEnv(MediaServiceSettings, { DATABASE_URL: 'mysql://x', S3_ENDPOINT: 'ftp://x', S3_SECRET_KEY: 'secret' });
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidEnvironmentError);
      message = (error as Error).message;
    }
    const [heading, ...lines] = message.split('\n');
    expect(heading).toBe('Invalid environment for MediaServiceSettings; set these variables and start again:');
    expect(lines.sort()).toEqual([
      '  DATABASE_URL (PostgreSQL connection; each process keeps its tables in its own schema): must be a postgresql:// URL',
      '  S3_ACCESS_KEY (access key of the object store): is required',
      '  S3_ENDPOINT (URL of the S3-compatible object store holding all media; npm start runs an embedded one): must be an http(s) URL',
    ]);
  });
});
