import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeStackFile, stackFileIn, withStackFile, writeStackFile } from './stack-file.ts';

describe('the stack file: how operator commands find a running stack', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lipcast-stack-file-'));
    file = stackFileIn(dir);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const stackEnv = {
    NATS_URL: 'nats://127.0.0.1:41234',
    S3_ENDPOINT: 'http://127.0.0.1:41235',
    S3_ACCESS_KEY: 'embedded-access',
    S3_SECRET_KEY: 'embedded-secret',
    S3_BUCKET: 'lipcast-media',
    DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/lipcast',
    OIDC_CLIENT_SECRET: 'not for operator commands',
  };

  it('keeps only the endpoints and store credentials, readable by its owner alone', () => {
    writeStackFile(file, stackEnv);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      NATS_URL: 'nats://127.0.0.1:41234',
      S3_ENDPOINT: 'http://127.0.0.1:41235',
      S3_ACCESS_KEY: 'embedded-access',
      S3_SECRET_KEY: 'embedded-secret',
      S3_BUCKET: 'lipcast-media',
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('completes the variables the environment leaves unset, and never overrides one that is set', () => {
    writeStackFile(file, stackEnv);
    const env = withStackFile({ S3_ENDPOINT: 'https://s3.example.com', PATH: '/usr/bin' }, file);
    expect(env).toMatchObject({ S3_ENDPOINT: 'https://s3.example.com', NATS_URL: 'nats://127.0.0.1:41234', S3_SECRET_KEY: 'embedded-secret', PATH: '/usr/bin' });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('leaves the environment as it is when nothing runs, and says which file is broken', () => {
    expect(withStackFile({ PATH: '/usr/bin' }, file)).toEqual({ PATH: '/usr/bin' });
    writeStackFile(file, stackEnv);
    removeStackFile(file);
    expect(withStackFile({}, file)).toEqual({});
    writeFileSync(file, '{ not json');
    expect(() => withStackFile({}, file)).toThrow(`${file} is not a stack file`);
  });
});
