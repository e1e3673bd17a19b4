import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { FolderSide, mirrorObjects, sameObject, type MirrorSide, type ObjectEntry } from './mirror-objects';

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

/** A bucket in memory (the unit stand-in for an S3 store): key → bytes and content type. */
class MemoryBucket implements MirrorSide {
  readonly label = 'memory';
  readonly objects = new Map<string, { bytes: Buffer; contentType: string }>();
  reads = 0;

  put(key: string, text: string, contentType: string) {
    this.objects.set(key, { bytes: Buffer.from(text), contentType });
  }
  async list() {
    return new Map([...this.objects].map(([key, { bytes }]) => [key, { size: bytes.length, etag: md5(bytes) }]));
  }
  async read(key: string) {
    this.reads++;
    const { bytes, contentType } = this.objects.get(key)!;
    return { body: Readable.from([bytes]), entry: { size: bytes.length, etag: md5(bytes), contentType } };
  }
  async write(key: string, body: Readable, entry: ObjectEntry) {
    this.objects.set(key, { bytes: await buffer(body), contentType: entry.contentType });
  }
  async remove(key: string) {
    this.objects.delete(key);
  }
  async finish() {}
}

describe('mirrorObjects', () => {
  let folder: string;
  beforeEach(async () => (folder = await mkdtemp(join(tmpdir(), 'mirror-spec-'))));
  afterEach(() => rm(folder, { recursive: true, force: true }));

  it('copies a bucket into a folder with each content type, and back into an empty bucket byte for byte', async () => {
    const live = new MemoryBucket();
    live.put('actors/a/idle-v1.mp4', 'video bytes', 'video/mp4');
    live.put('users/u/audio/1.mp3', 'audio bytes', 'audio/mpeg');
    expect(await mirrorObjects(live, new FolderSide(folder))).toEqual({ copied: 2, unchanged: 0, removed: 0, bytes: 22 });
    expect(await readFile(join(folder, 'objects/actors/a/idle-v1.mp4'), 'utf8')).toBe('video bytes');
    const index = JSON.parse(await readFile(join(folder, 'objects.json'), 'utf8'));
    expect(index['users/u/audio/1.mp3']).toEqual({ size: 11, etag: md5(Buffer.from('audio bytes')), md5: md5(Buffer.from('audio bytes')), contentType: 'audio/mpeg' });

    const restored = new MemoryBucket();
    await mirrorObjects(new FolderSide(folder), restored);
    expect(restored.objects).toEqual(live.objects);
  });

  it('copies only new or changed objects on the next run, and removes vanished ones only with remove', async () => {
    const live = new MemoryBucket();
    live.put('a.txt', 'one', 'text/plain');
    live.put('b.txt', 'two', 'text/plain');
    await mirrorObjects(live, new FolderSide(folder));
    live.put('b.txt', 'TWO', 'text/plain');
    live.put('c.txt', 'three', 'text/plain');
    live.objects.delete('a.txt');
    live.reads = 0;
    expect(await mirrorObjects(live, new FolderSide(folder))).toMatchObject({ copied: 2, unchanged: 0, removed: 0 });
    expect(live.reads).toBe(2);
    expect(await mirrorObjects(live, new FolderSide(folder), { remove: true })).toMatchObject({ copied: 0, unchanged: 2, removed: 1 });
    expect(Object.keys(JSON.parse(await readFile(join(folder, 'objects.json'), 'utf8')))).toEqual(['b.txt', 'c.txt']);
  });

  it('refuses a key that would leave the folder', async () => {
    const live = new MemoryBucket();
    live.put('../outside.txt', 'x', 'text/plain');
    await expect(mirrorObjects(live, new FolderSide(folder))).rejects.toThrow('Refusing object key "../outside.txt"');
  });

  it('compares by size and checksum: a multipart ETag matches the MD5 recorded in a folder', () => {
    expect(sameObject({ size: 3, etag: 'abc-2' }, { size: 3, etag: 'abc-2', md5: 'f00' })).toBe(true);
    expect(sameObject({ size: 3, etag: 'f00' }, { size: 3, etag: 'abc-2', md5: 'f00' })).toBe(true);
    expect(sameObject({ size: 3, etag: 'f00' }, { size: 4, etag: 'f00' })).toBe(false);
    expect(sameObject({ size: 3, etag: 'f00' }, { size: 3, etag: 'baa' })).toBe(false);
  });
});
