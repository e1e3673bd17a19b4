/**
 * Embedded S3-compatible server for development and tests (s3rver on loopback, data in a folder).
 * Production uses MinIO or S3 through the same `minio` client code; s3rver verifies no signatures
 * and has no multipart uploads, which is why the storage client uses a large part size.
 */
import { createRequire } from 'node:module';
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const require = createRequire(import.meta.url);
const S3rver = require('s3rver');

interface StoredObject {
  bucket: string;
  key: string;
  content: Buffer | Readable;
  metadata: Record<string, string>;
}
interface FilesystemStore {
  getResourcePath(bucket: string, key: string, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
}
const FilesystemStore = require('s3rver/lib/stores/filesystem') as { prototype: FilesystemStore & { putObject(object: StoredObject): Promise<{ size: number; md5: string }> } };

/**
 * s3rver 3.7 answers a PUT once its hash has seen the body, before the file is on disk, and reads an
 * object's length from the file: a GET soon after (a job's video, read when it is announced) could
 * get a truncated file with a matching length, under load. Here the body is written whole to a file
 * beside the object, then renamed over it: a reader sees the old object or the new one, never part.
 */
FilesystemStore.prototype.putObject = async function putObject(this: FilesystemStore, object: StoredObject) {
  const objectPath = this.getResourcePath(object.bucket, object.key, 'object');
  const writing = `${objectPath}.writing-${randomUUID()}`;
  await mkdir(dirname(objectPath), { recursive: true });
  const md5 = createHash('md5');
  let size = 0;
  const hashed = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      md5.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(Buffer.isBuffer(object.content) ? [object.content] : object.content, hashed, createWriteStream(writing));
    await rename(writing, objectPath);
  } catch (error) {
    await rm(writing, { force: true });
    throw error;
  }
  const digest = md5.digest('hex');
  await this.putMetadata(object.bucket, object.key, object.metadata, digest);
  return { size, md5: digest };
};

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
  // Not a top-level await: the unit tests' CommonJS transform loads this file too.
  void startEmbeddedS3({ port: Number(arg('port', '9100')), directory: arg('dir', '.data/s3') }).then((s3) =>
    console.log(`S3_ENDPOINT=${s3.endpoint} S3_ACCESS_KEY=${s3.accessKey} S3_SECRET_KEY=${s3.secretKey}`),
  );
}
