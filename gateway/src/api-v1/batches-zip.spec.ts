/* eslint-disable @nx/enforce-module-boundaries -- the test reads the archive with the tests' ZIP reader (tools/zip) */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { crc32 } from 'node:zlib';
import { readZip, readZipDirectory, zipEntryDataOffset } from '../../../tools/zip/read-zip';
import { ZipWriter } from '../account/zip-writer';
import { batchZipEntryName } from './batch-operations';

/** A ZIP of these entries, each given to the writer as a stream of small chunks. */
async function zipOf(entries: Record<string, Buffer>): Promise<Buffer> {
  const out = new PassThrough();
  const whole = buffer(out);
  const zip = new ZipWriter(out);
  for (const [name, content] of Object.entries(entries)) {
    const chunks = Array.from({ length: Math.ceil(content.length / 1000) }, (_, index) => content.subarray(index * 1000, (index + 1) * 1000));
    await zip.add(name, Readable.from(chunks), new Date('2026-11-26T10:11:12Z'));
  }
  await zip.finish();
  out.end();
  return whole;
}

describe('ZipWriter', () => {
  const first = Buffer.from('\u0000\u0000\u0000\u0018ftypisom'.padEnd(5000, 'x'), 'latin1');
  const second = Buffer.from('second entry');

  it('lists every entry stored, with its size, CRC-32 and bytes where its local header says', async () => {
    const zip = await zipOf({ 'row-1.mp4': first, 'row-2.mp4': second, 'empty.txt': Buffer.alloc(0) });
    const entries = readZipDirectory(zip);
    expect(entries.map(({ name, method, size, crc }) => ({ name, method, size, crc }))).toEqual([
      { name: 'row-1.mp4', method: 0, size: 5000, crc: crc32(first) },
      { name: 'row-2.mp4', method: 0, size: second.length, crc: crc32(second) },
      { name: 'empty.txt', method: 0, size: 0, crc: 0 },
    ]);
    const start = zipEntryDataOffset(zip, entries[0]);
    expect(zip.subarray(start + 4, start + 8).toString('latin1')).toBe('ftyp');
    expect(zip.subarray(zipEntryDataOffset(zip, entries[1]), zipEntryDataOffset(zip, entries[1]) + second.length)).toEqual(second);
  });

  it('makes a file a ZIP reader finds sound: every entry read to its end, its CRC-32 checked', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'zip-writer-'));
    try {
      const file = join(folder, 'out.zip');
      writeFileSync(file, await zipOf({ 'row-1.mp4': first, 'row-2.mp4': second }));
      // readZip rejects a malformed archive or an entry whose bytes do not match its size and CRC-32, as `unzip -t` would.
      const entries = await readZip(file);
      expect(entries.map((entry) => entry.name)).toEqual(['row-1.mp4', 'row-2.mp4']);
      expect(entries[0].data.equals(first)).toBe(true);
      expect(entries[1].data.equals(second)).toBe(true);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('batchZipEntryName', () => {
  it('pads the row number to the width of the batch\'s largest, so the files sort in row order', () => {
    expect([batchZipEntryName(7, 8), batchZipEntryName(7, 20), batchZipEntryName(20, 20), batchZipEntryName(7, 100)]).toEqual(['row-7.mp4', 'row-07.mp4', 'row-20.mp4', 'row-007.mp4']);
  });
});
