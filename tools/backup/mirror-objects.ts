/**
 * Mirrors the media bucket: bucket → folder (a backup), folder → bucket (a restore), or bucket → bucket;
 * `node tools/backup/mirror.ts <from> <to> [--remove]` is the command.
 *
 * A side is `s3://<bucket>` or a folder. The source store is S3_ENDPOINT with S3_ACCESS_KEY,
 * S3_SECRET_KEY and S3_REGION; a target bucket on another store takes TARGET_S3_ENDPOINT,
 * TARGET_S3_ACCESS_KEY, TARGET_S3_SECRET_KEY (and TARGET_S3_REGION), else the same store.
 * A folder holds `objects/<key>` and `objects.json`: each object's size, ETag, MD5 and content type,
 * so a restored object is served with the type it was stored with (a plain file copy loses it).
 * Only objects the target lacks or holds with another size or checksum are copied, so a second run
 * copies what is new; `--remove` also removes from the target what the source no longer has.
 * Missing target buckets are created. Runs on Node 24 (type stripping) with the repository's `minio`.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Client } from 'minio';

/** The same rule as the storage service's keys: nothing that could leave the folder. */
const KEY_PATTERN = /^(?!\/)(?!.*\.\.)(?!.*\/\/)[A-Za-z0-9._/-]{1,512}$/;

export interface ObjectEntry {
  size: number;
  /** The store's ETag (an MD5 for single-part uploads); in a folder, the ETag of the object it was copied from. */
  etag: string;
  /** MD5 of the bytes, when known (always in a folder). */
  md5?: string;
  contentType: string;
}

export interface MirrorSide {
  readonly label: string;
  list(): Promise<Map<string, Omit<ObjectEntry, 'contentType'> & { contentType?: string }>>;
  read(key: string): Promise<{ body: Readable; entry: ObjectEntry }>;
  write(key: string, body: Readable, entry: ObjectEntry): Promise<void>;
  remove(key: string): Promise<void>;
  /** Called once after the copies (a folder writes its index). */
  finish(): Promise<void>;
}

export interface S3Connection {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  region?: string;
}

const unquoted = (etag: string) => etag.replaceAll('"', '');

export class BucketSide implements MirrorSide {
  private readonly client: Client;
  private readonly bucket: string;
  private readonly region: string;
  private bucketReady = false;
  readonly label: string;

  constructor(connection: S3Connection, bucket: string) {
    const url = new URL(connection.endpoint);
    this.bucket = bucket;
    this.region = connection.region ?? 'us-east-1';
    this.label = `s3://${bucket} on ${url.host}`;
    this.client = new Client({
      endPoint: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      useSSL: url.protocol === 'https:',
      accessKey: connection.accessKey,
      secretKey: connection.secretKey,
      region: this.region,
      pathStyle: true,
      // As the storage service: one request per object (the embedded S3 server has no multipart uploads).
      partSize: 5 * 1024 * 1024 * 1024,
    });
  }

  async list() {
    const objects = new Map<string, ObjectEntry | Omit<ObjectEntry, 'contentType'>>();
    if (!(await this.client.bucketExists(this.bucket))) return objects;
    const items = this.client.listObjectsV2(this.bucket, '', true) as AsyncIterable<{ name?: string; size: number; etag?: string }>;
    for await (const item of items) {
      if (item.name) objects.set(item.name, { size: item.size, etag: unquoted(item.etag ?? '') });
    }
    return objects;
  }

  async read(key: string) {
    const stat = await this.client.statObject(this.bucket, key);
    const contentType = (stat.metaData['content-type'] as string | undefined) ?? 'application/octet-stream';
    return { body: await this.client.getObject(this.bucket, key), entry: { size: stat.size, etag: unquoted(stat.etag), contentType } };
  }

  async write(key: string, body: Readable, entry: ObjectEntry) {
    if (!this.bucketReady) {
      if (!(await this.client.bucketExists(this.bucket))) await this.client.makeBucket(this.bucket, this.region);
      this.bucketReady = true;
    }
    await this.client.putObject(this.bucket, key, body, entry.size, { 'Content-Type': entry.contentType });
  }

  async remove(key: string) {
    await this.client.removeObject(this.bucket, key);
  }

  async finish() {}
}

/** A folder: `objects/<key>` plus `objects.json`, the index with each object's metadata. */
export class FolderSide implements MirrorSide {
  readonly label: string;
  private readonly root: string;
  private index: Record<string, ObjectEntry> | null = null;

  constructor(folder: string) {
    this.root = resolve(folder);
    this.label = this.root;
  }

  private get indexFile() {
    return join(this.root, 'objects.json');
  }

  private fileOf(key: string) {
    if (!KEY_PATTERN.test(key)) throw new Error(`Refusing object key "${key}": it is not a plain relative path`);
    return join(this.root, 'objects', key);
  }

  private async loadIndex(): Promise<Record<string, ObjectEntry>> {
    this.index ??= existsSync(this.indexFile) ? (JSON.parse(await readFile(this.indexFile, 'utf8')) as Record<string, ObjectEntry>) : {};
    return this.index;
  }

  async list() {
    return new Map(Object.entries(await this.loadIndex()));
  }

  async read(key: string) {
    const entry = (await this.loadIndex())[key];
    if (!entry) throw new Error(`${key} is not in ${this.indexFile}`);
    const file = this.fileOf(key);
    const { size } = await stat(file);
    if (size !== entry.size) throw new Error(`${file} has ${size} bytes, the index says ${entry.size}`);
    return { body: createReadStream(file), entry };
  }

  async write(key: string, body: Readable, entry: ObjectEntry) {
    const index = await this.loadIndex();
    const file = this.fileOf(key);
    // Written beside the final name and renamed, so an interrupted run never leaves a partial object.
    const partial = join(this.root, 'objects.incoming', randomUUID());
    await mkdir(dirname(partial), { recursive: true });
    await mkdir(dirname(file), { recursive: true });
    const md5 = createHash('md5');
    let size = 0;
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        md5.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    await pipeline(body, hashing, createWriteStream(partial));
    if (size !== entry.size) {
      await rm(partial, { force: true });
      throw new Error(`${key}: read ${size} bytes, expected ${entry.size}`);
    }
    await rename(partial, file);
    index[key] = { ...entry, md5: md5.digest('hex') };
  }

  async remove(key: string) {
    const index = await this.loadIndex();
    await rm(this.fileOf(key), { force: true });
    delete index[key];
  }

  async finish() {
    const index = await this.loadIndex();
    await mkdir(this.root, { recursive: true });
    await rm(join(this.root, 'objects.incoming'), { recursive: true, force: true });
    const sorted = Object.fromEntries(Object.entries(index).sort(([a], [b]) => a.localeCompare(b)));
    await writeFile(`${this.indexFile}.tmp`, `${JSON.stringify(sorted, null, 1)}\n`);
    await rename(`${this.indexFile}.tmp`, this.indexFile);
  }
}

type Listed = Omit<ObjectEntry, 'contentType'>;

/** The same bytes: same size and a matching ETag or MD5 (an ETag is an MD5 unless the upload had parts). */
export function sameObject(source: Listed, target: Listed): boolean {
  if (source.size !== target.size) return false;
  const sourceSums = [source.etag, source.md5].filter(Boolean);
  const targetSums = [target.etag, target.md5].filter(Boolean);
  return sourceSums.some((sum) => targetSums.includes(sum));
}

export interface MirrorResult {
  copied: number;
  unchanged: number;
  removed: number;
  bytes: number;
}

export async function mirrorObjects(from: MirrorSide, to: MirrorSide, options: { remove?: boolean } = {}): Promise<MirrorResult> {
  const result: MirrorResult = { copied: 0, unchanged: 0, removed: 0, bytes: 0 };
  const sourceObjects = await from.list();
  const targetObjects = await to.list();
  try {
    for (const [key, listed] of sourceObjects) {
      const existing = targetObjects.get(key);
      if (existing && sameObject(listed, existing)) {
        result.unchanged++;
        continue;
      }
      const { body, entry } = await from.read(key);
      await to.write(key, body, entry);
      result.copied++;
      result.bytes += entry.size;
    }
    if (options.remove) {
      for (const key of targetObjects.keys()) {
        if (sourceObjects.has(key)) continue;
        await to.remove(key);
        result.removed++;
      }
    }
  } finally {
    // Whatever was copied before a failure is recorded, so the next run resumes from there.
    await to.finish();
  }
  return result;
}

/** `s3://bucket` or a folder, with the connection the environment gives that side. */
export function sideFor(spec: string, env: NodeJS.ProcessEnv, role: 'source' | 'target'): MirrorSide {
  const match = /^s3:\/\/([^/]+)\/?$/.exec(spec);
  if (!match) return new FolderSide(spec);
  const prefix = role === 'target' && env.TARGET_S3_ENDPOINT ? 'TARGET_' : '';
  const required = (name: string) => {
    const value = env[`${prefix}${name}`];
    if (!value) throw new Error(`${prefix}${name} is required for ${spec}`);
    return value;
  };
  return new BucketSide(
    { endpoint: required('S3_ENDPOINT'), accessKey: required('S3_ACCESS_KEY'), secretKey: required('S3_SECRET_KEY'), region: env[`${prefix}S3_REGION`] },
    match[1],
  );
}
