import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'minio';
import { startEmbeddedS3, type EmbeddedS3 } from './embedded-s3.ts';

/** Whether `fd` is open on an object's content file (Linux names an open file under /proc). */
const isObjectContent = (fd: number) => /_S3rver_object($|\.writing-)/.test(fs.readlinkSync(`/proc/self/fd/${fd}`));

/**
 * Makes each chunk written to an object's content file land `ms` late, as a big file does on a loaded
 * machine's disk (its small metadata files are written at once); returns the undo.
 */
function slowObjectWrites(ms: number): () => void {
  const spies = (['write', 'writev'] as const).map((name) => {
    const original = fs[name] as (...args: unknown[]) => void;
    return jest.spyOn(fs, name).mockImplementation(((...args: unknown[]) => {
      if (isObjectContent(args[0] as number)) setTimeout(() => original(...args), ms);
      else original(...args);
    }) as never);
  });
  return () => spies.forEach((spy) => spy.mockRestore());
}

describe('the embedded S3 server', () => {
  let folder: string;
  let s3: EmbeddedS3;
  let client: Client;
  const bucket = 'embedded-s3-spec';

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'embedded-s3-'));
    s3 = await startEmbeddedS3({ port: 0, directory: folder });
    const { hostname, port } = new URL(s3.endpoint);
    client = new Client({ endPoint: hostname, port: Number(port), useSSL: false, accessKey: s3.accessKey, secretKey: s3.secretKey, pathStyle: true });
    await client.makeBucket(bucket);
  });
  const read = async (key: string) => {
    const chunks: Buffer[] = [];
    for await (const chunk of await client.getObject(bucket, key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const names = async () => {
    const listed: string[] = [];
    for await (const item of client.listObjectsV2(bucket, '', true)) listed.push((item as { name: string }).name);
    return listed.sort();
  };
  afterAll(async () => {
    await s3.stop();
    await rm(folder, { recursive: true, force: true });
  });

  it('answers a PUT once the object is on disk: a GET right after it, while the disk is slow, reads it whole', async () => {
    const body = Buffer.alloc(40_000, 'x');
    const fastAgain = slowObjectWrites(300);
    await client.putObject(bucket, 'video.mp4', body, body.length).finally(fastAgain);
    const stored = await read('video.mp4');
    expect(stored.length).toBe(body.length);
    expect(stored.equals(body)).toBe(true);
  });

  it('serves the object it had while a new one is being written, and lists no half-written file', async () => {
    await client.putObject(bucket, 'poster.jpg', Buffer.from('first'));
    const second = Buffer.alloc(100_000, 'y');
    const fastAgain = slowObjectWrites(300);
    const replacing = client.putObject(bucket, 'poster.jpg', second, second.length).finally(fastAgain);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await read('poster.jpg')).toString()).toBe('first');
    expect(await names()).toEqual(['poster.jpg', 'video.mp4']);
    await replacing;
    expect((await read('poster.jpg')).equals(second)).toBe(true);
  });
});
