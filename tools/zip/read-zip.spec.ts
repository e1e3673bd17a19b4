import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AdmZip from 'adm-zip';
import { readZip } from './read-zip.ts';

const STORED = 0;
const DEFLATED = 8;
const LOCAL_HEADER_BYTES = 30;
const CENTRAL_HEADER_SIGNATURE = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
const media = Buffer.from(Array.from({ length: 50_000 }, (_, index) => (index * 7) % 251));
const records = Buffer.from('{"user":{"name":"Zoë"}}'.repeat(40));

/** An archive of these entries in this order, written by adm-zip, each stored or deflated (`method`). */
function zipOf(entries: Record<string, Buffer>, method: number): Buffer {
  const archive = new AdmZip({ noSort: true });
  for (const [name, data] of Object.entries(entries)) {
    archive.addFile(name, data);
    if (data.length) archive.getEntry(name)!.header.method = method; // an empty file is always stored
  }
  return archive.toBuffer();
}

/** The archive with one byte of `content` (where it lies in it) changed. */
function withByteChanged(zip: Buffer, content: Buffer): Buffer {
  const at = zip.indexOf(content.subarray(1000, 1032));
  expect(at).toBeGreaterThan(0);
  const damaged = Buffer.from(zip);
  damaged[at + 5] ^= 0x01;
  return damaged;
}

describe('readZip', () => {
  it('reads every entry, stored or deflated, byte for byte in the order of the archive, from a file or from bytes', async () => {
    const zip = zipOf({ 'records.json': records, 'media/influencers/7/image.jpg': media, 'media/empty.txt': Buffer.alloc(0), 'Zoë.txt': Buffer.from('ë') }, DEFLATED);
    const folder = await mkdtemp(join(tmpdir(), 'read-zip-'));
    try {
      const path = join(folder, 'export.zip');
      await writeFile(path, zip);
      for (const source of [path, zip]) {
        const entries = await readZip(source);
        expect(entries.map((entry) => entry.name)).toEqual(['records.json', 'media/influencers/7/image.jpg', 'media/empty.txt', 'Zoë.txt']);
        expect(entries[0].data.equals(records)).toBe(true);
        expect(entries[1].data.equals(media)).toBe(true);
        expect(entries[2].data.length).toBe(0);
        expect(entries[3].data.toString()).toBe('ë');
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    expect((await readZip(zipOf({ 'media.bin': media }, STORED)))[0].data.equals(media)).toBe(true);
  });

  it("rejects an archive where one byte of a stored entry's data changed: its CRC-32 no longer matches", async () => {
    const zip = zipOf({ 'records.json': records, 'media.bin': media }, STORED);
    await expect(readZip(withByteChanged(zip, media))).rejects.toThrow(/CRC/i);
  });

  it("rejects an archive where one byte of a deflated entry's data changed", async () => {
    const zip = zipOf({ 'media.bin': media }, DEFLATED);
    const { compressedSize } = new AdmZip(zip).getEntries()[0].header;
    const damaged = Buffer.from(zip);
    damaged[LOCAL_HEADER_BYTES + 'media.bin'.length + Math.floor(compressedSize / 2)] ^= 0x01; // the middle of its compressed bytes
    await expect(readZip(damaged)).rejects.toThrow();
  });

  it('rejects an empty entry whose central directory gives a CRC-32 other than that of no bytes', async () => {
    const zip = zipOf({ 'empty.txt': Buffer.alloc(0) }, STORED);
    const central = zip.indexOf(CENTRAL_HEADER_SIGNATURE);
    expect(central).toBeGreaterThan(0);
    const damaged = Buffer.from(zip);
    damaged.writeUInt32LE(0x12345678, central + 16);
    await expect(readZip(damaged)).rejects.toThrow(/empty\.txt: bad CRC-32/);
  });

  it('rejects a malformed archive: not a ZIP, or cut short', async () => {
    await expect(readZip(Buffer.from('not a zip at all, only words'))).rejects.toThrow();
    const zip = zipOf({ 'media.bin': media }, STORED);
    await expect(readZip(zip.subarray(0, zip.length - 10))).rejects.toThrow();
    await expect(readZip(zip.subarray(zip.length / 2))).rejects.toThrow();
  });
});
