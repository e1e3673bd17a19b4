/**
 * Embedded S3-compatible server for development and tests (s3rver on loopback, data in a folder).
 * Production uses MinIO or S3 through the same `minio` client code; s3rver verifies no signatures
 * and has no multipart uploads, which is why the storage client uses a large part size.
 */
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';

const require = createRequire(import.meta.url);
const S3rver = require('s3rver');

export interface EmbeddedS3 {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  stop(): Promise<void>;
}

/** s3rver accepts any credentials; these are the ones its documentation uses. */
const CREDENTIALS = { accessKey: 'S3RVER', secretKey: 'S3RVER' };

export async function startEmbeddedS3(options: { port: number; directory: string }): Promise<EmbeddedS3> {
  mkdirSync(options.directory, { recursive: true });
  const server = new S3rver({ address: '127.0.0.1', port: options.port, directory: options.directory, silent: true });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    ...CREDENTIALS,
    stop: () => server.close(),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string, fallback: string) => {
    const index = process.argv.indexOf(`--${name}`);
    return index > 0 ? process.argv[index + 1] : fallback;
  };
  const s3 = await startEmbeddedS3({ port: Number(arg('port', '9100')), directory: arg('dir', '.data/s3') });
  console.log(`S3_ENDPOINT=${s3.endpoint} S3_ACCESS_KEY=${s3.accessKey} S3_SECRET_KEY=${s3.secretKey}`);
}
