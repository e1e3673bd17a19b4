import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { buffer } from 'node:stream/consumers';
import { Client } from 'minio';
import { ErrorCode, isValidKey, Messages } from '@lipcast/contracts';
import { ServiceError } from './errors';
import type { StorageSettings } from './settings';

export interface StoredObject {
  size: number;
  contentType: string;
  etag: string;
  lastModified: Date;
}

export class InvalidKeyError extends Error {
  constructor(key: string) {
    super(`Invalid object key "${key}"`);
  }
}

/** Network failures that mean the store is away (stopped, restarting, unreachable), not that a request was wrong. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED']);
/** S3's own answers for "try again later". */
const UNAVAILABLE_S3_CODES = new Set(['ServiceUnavailable', 'SlowDown', 'InternalError', 'RequestTimeout']);

/** Whether `error` says the object store cannot be reached right now. */
export function isStoreUnreachable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return (code !== undefined && (UNREACHABLE_CODES.has(code) || UNAVAILABLE_S3_CODES.has(code))) || /socket hang up/i.test(message ?? '');
}

/**
 * The object store is away: a 503 for the request that needed it (never a 500), and for a job a
 * reason to try again later rather than to fail. The raw error stays in `details` (logged, never sent).
 */
export class StoreUnavailableError extends ServiceError {
  constructor(cause: unknown) {
    super(ErrorCode.Unavailable, Messages.serviceUnavailable, { dependency: 'object store', reason: cause instanceof Error ? cause.message : String(cause) });
  }
}

/**
 * The connection closed before an answer. The client reuses keep-alive connections, and the store
 * closes one idle past its time-out; a process whose event loop was busy for seconds (a CPU-bound
 * render, a test worker compiling modules) can send on such a connection before it reads the close.
 */
function isDroppedConnection(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code === 'ECONNRESET' || code === 'EPIPE' || /socket hang up/i.test(message ?? '');
}

/**
 * Runs one call to the store, turning "cannot reach it" into `StoreUnavailableError`. A dropped
 * connection is tried once more on a new one: every call here is idempotent (a put sends a buffer or
 * re-reads its file, a download rewrites its file).
 */
async function reaching<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call().catch((error: unknown) => (isDroppedConnection(error) ? call() : Promise.reject(error)));
  } catch (error) {
    throw isStoreUnreachable(error) ? new StoreUnavailableError(error) : error;
  }
}

/** A `minio` client for the store at `url` (path-style, as MinIO and s3rver need; S3 accepts it too). */
export function s3Client(url: string, settings: Omit<StorageSettings, 'S3_ENDPOINT' | 'S3_BUCKET'>, options: { partSize?: number } = {}): Client {
  const endpoint = new URL(url);
  return new Client({
    endPoint: endpoint.hostname,
    port: endpoint.port ? Number(endpoint.port) : undefined,
    useSSL: endpoint.protocol === 'https:',
    accessKey: settings.S3_ACCESS_KEY,
    secretKey: settings.S3_SECRET_KEY,
    region: settings.S3_REGION,
    pathStyle: true,
    ...options,
  });
}

/**
 * Media in an S3-compatible store (MinIO or S3 in production, the embedded s3rver locally) through
 * the `minio` client, so the same code runs everywhere.
 */
export class StorageService {
  // The embedded s3rver has no multipart uploads: send objects up to 5 GiB in one part.
  private readonly client = s3Client(this.settings.S3_ENDPOINT, this.settings, { partSize: 5 * 1024 * 1024 * 1024 });
  readonly bucket = this.settings.S3_BUCKET;

  constructor(private readonly settings: StorageSettings) {}

  private checked(key: string): string {
    if (!isValidKey(key)) throw new InvalidKeyError(key);
    return key;
  }

  async ensureBucket(): Promise<void> {
    if (!(await reaching(() => this.client.bucketExists(this.bucket)))) await reaching(() => this.client.makeBucket(this.bucket, this.settings.S3_REGION));
  }

  async ping(): Promise<boolean> {
    return reaching(() => this.client.bucketExists(this.bucket));
  }

  /** The readiness check: rejects when the store is away or the bucket is missing. */
  async probe(): Promise<void> {
    if (!(await this.ping())) throw new Error(`bucket ${this.bucket} is missing`);
  }

  /** Stores an object in one request; a stream of unknown size is read into memory first (media are small). */
  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    const data = Buffer.isBuffer(body) ? body : await buffer(body);
    await reaching(() => this.client.putObject(this.bucket, this.checked(key), data, data.length, { 'Content-Type': contentType }));
  }

  /** Stores a file from disk (generated media). */
  async putFile(key: string, path: string, contentType: string): Promise<void> {
    await reaching(() => this.client.fPutObject(this.bucket, this.checked(key), path, { 'Content-Type': contentType }));
  }

  /** Copies an object to a local file (the embedded engine works on files). */
  async download(key: string, path: string): Promise<void> {
    // Streamed by hand: minio's fGetObject renames a `.part.minio` file that s3rver's answers leave unwritten.
    await reaching(async () => pipeline(await this.client.getObject(this.bucket, this.checked(key)), createWriteStream(path)));
  }

  /** A time-limited URL an outside provider can fetch the object from (the store must be reachable by it). */
  presignedUrl(key: string, expirySeconds = 3600): Promise<string> {
    return this.client.presignedGetObject(this.bucket, this.checked(key), expirySeconds);
  }

  /** Object metadata, or null when there is no such object. */
  async stat(key: string): Promise<StoredObject | null> {
    try {
      const stat = await reaching(() => this.client.statObject(this.bucket, this.checked(key)));
      const contentType = (stat.metaData['content-type'] as string | undefined) ?? 'application/octet-stream';
      return { size: stat.size, contentType, etag: stat.etag, lastModified: stat.lastModified };
    } catch (error) {
      if ((error as { code?: string }).code === 'NotFound' || (error as { code?: string }).code === 'NoSuchKey') return null;
      throw error;
    }
  }

  /** The whole object, or the inclusive byte range [start, end]. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const checkedKey = this.checked(key);
    return reaching(() =>
      range ? this.client.getPartialObject(this.bucket, checkedKey, range.start, range.end - range.start + 1) : this.client.getObject(this.bucket, checkedKey),
    );
  }

  /** A small text object (JSON) as a string. */
  async readText(key: string): Promise<string> {
    const stream = await this.read(key);
    return (await reaching(() => buffer(stream))).toString('utf8');
  }

  /** Copies an object within the bucket (through this process: objects are small media). */
  async copy(from: string, to: string): Promise<void> {
    const source = await this.stat(from);
    if (!source) throw new Error(`No object ${from} to copy`);
    await this.put(to, await this.read(from), source.contentType);
  }

  async remove(key: string): Promise<void> {
    await reaching(() => this.client.removeObject(this.bucket, this.checked(key)));
  }

  /** Bytes stored under a folder (a user's storage use); `folder` ends with `/`. */
  async usage(folder: string): Promise<number> {
    if (!folder.endsWith('/')) throw new InvalidKeyError(folder);
    return (await this.list(folder)).reduce((bytes, object) => bytes + object.size, 0);
  }

  /** The objects whose keys start with `prefix` (a folder ends with `/`). */
  async list(prefix: string): Promise<{ key: string; size: number; lastModified: Date }[]> {
    const checkedPrefix = this.checked(prefix);
    return reaching(async () => {
      const objects: { key: string; size: number; lastModified: Date }[] = [];
      for await (const item of this.client.listObjectsV2(this.bucket, checkedPrefix, true) as AsyncIterable<{ name?: string; size: number; lastModified: Date }>) {
        if (item.name) objects.push({ key: item.name, size: item.size, lastModified: item.lastModified });
      }
      return objects;
    });
  }

  /** Removes every object under a folder (`prefix` must end with `/`). */
  async removeFolder(prefix: string): Promise<void> {
    if (!prefix.endsWith('/')) throw new InvalidKeyError(prefix);
    for (const { key } of await this.list(prefix)) {
      // Another process may be removing the same folder (a cancel and the job's worker): gone is fine.
      await this.remove(key).catch(async (error: unknown) => {
        if (await this.stat(key)) throw error;
      });
    }
  }
}
