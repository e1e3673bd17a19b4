/* eslint-disable @nx/enforce-module-boundaries -- the test reads the archive with the tests' ZIP reader (tools/zip) */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { readZip } from '../../../tools/zip/read-zip';
import { writeZip } from './zip-writer';

/** The archive as bytes. */
async function zipOf(entries: Parameters<typeof writeZip>[0]): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeZip(entries, output);
  output.end();
  return Buffer.concat(chunks);
}

describe('writeZip', () => {
  let folder: string;
  beforeAll(async () => (folder = await mkdtemp(join(tmpdir(), 'zip-writer-'))));
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('writes a sound archive (every entry read to its end, its CRC-32 checked) that reads back byte for byte, from buffers and streams', async () => {
    const media = Buffer.from(Array.from({ length: 300_000 }, (_, index) => (index * 7) % 256));
    const zip = await zipOf([
      { name: 'records.json', data: Buffer.from('{"user":{"name":"Zoë"}}') },
      { name: 'media/influencers/7/image.jpg', data: Readable.from([media.subarray(0, 100_000), media.subarray(100_000)]) },
      { name: 'empty.txt', data: Buffer.alloc(0) },
    ]);
    const path = join(folder, 'export.zip');
    await writeFile(path, zip);
    const entries = await readZip(path); // rejects a malformed archive or an entry whose size or CRC-32 is wrong
    expect(entries.map((entry) => entry.name)).toEqual(['records.json', 'media/influencers/7/image.jpg', 'empty.txt']);
    expect(entries[0].data.toString('utf8')).toBe('{"user":{"name":"Zoë"}}');
    expect(entries[1].data.equals(media)).toBe(true);
    expect(entries[2].data.length).toBe(0);
  });

  it('writes an empty archive when there is nothing', async () => {
    const path = join(folder, 'empty.zip');
    await writeFile(path, await zipOf([]));
    expect((await readFile(path)).length).toBe(22);
    expect(await readZip(path)).toEqual([]);
  });
});
