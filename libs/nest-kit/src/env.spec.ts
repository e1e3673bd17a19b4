import { IsOptional, IsString } from 'class-validator';
import { EnvPurpose, InvalidEnvironmentError, readEnv, RequiredInProduction } from './env';
import { MediaServiceSettings, ServiceSettings } from './settings';

/** A process's settings as the gateway declares them: one with a default, one optional, both needed in production. */
class ExampleSettings extends MediaServiceSettings {
  @EnvPurpose('the public origin')
  @RequiredInProduction()
  @IsOptional()
  @IsString()
  PUBLIC_URL?: string;

  @EnvPurpose('a development default')
  @IsString()
  GREETING = 'hello';
}

const errorLines = (run: () => unknown): string[] => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidEnvironmentError);
    return (error as Error).message.split('\n').slice(1).sort();
  }
  throw new Error('readEnv accepted the environment');
};

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

  describe('with NODE_ENV=production', () => {
    const S3 = { S3_ACCESS_KEY: 'key', S3_SECRET_KEY: 'secret' };
    const PRODUCTION_SET = {
      DATABASE_URL: 'postgresql://db.internal/lipcast',
      NATS_URL: 'nats://nats.internal:4222',
      S3_ENDPOINT: 'https://s3.example',
      PUBLIC_URL: 'https://lipcast.example',
    };

    it('refuses to start on a development default, naming each variable it would have used', () => {
      const missing = 'must be set when NODE_ENV=production (the development default does not apply)';
      expect(errorLines(() => readEnv(ExampleSettings, { NODE_ENV: 'production', ...S3 }))).toEqual([
        `  DATABASE_URL (PostgreSQL connection; each process keeps its tables in its own schema): ${missing}`,
        `  NATS_URL (NATS server the gateway and the services talk through; a cluster's servers comma-separated): ${missing}`,
        `  PUBLIC_URL (the public origin): ${missing}`,
        `  S3_ENDPOINT (URL of the S3-compatible object store holding all media; npm start runs an embedded one): ${missing}`,
      ]);
      // One line per variable: a missing S3_ENDPOINT is reported once, by its own rule.
      expect(errorLines(() => readEnv(ExampleSettings, { NODE_ENV: 'production', ...S3, ...PRODUCTION_SET, S3_ENDPOINT: 'ftp://x' }))).toEqual([
        '  S3_ENDPOINT (URL of the S3-compatible object store holding all media; npm start runs an embedded one): must be an http(s) URL',
      ]);
    });

    it('starts when production sets them, keeping the defaults of everything else', () => {
      const sut = readEnv(ExampleSettings, { NODE_ENV: 'production', ...S3, ...PRODUCTION_SET });
      expect(sut).toMatchObject({ ...PRODUCTION_SET, GREETING: 'hello', LOG_LEVEL: 'info' });
    });

    it('asks nothing more in development, where the defaults apply', () => {
      for (const NODE_ENV of [undefined, 'development', 'test']) {
        const sut = readEnv(ExampleSettings, { NODE_ENV, ...S3, S3_ENDPOINT: 'http://127.0.0.1:9000' });
        expect(sut.DATABASE_URL).toBe('postgresql://postgres@127.0.0.1:5432/lipcast');
        expect(sut.PUBLIC_URL).toBeUndefined();
      }
    });
  });
});
