/**
 * Reads a whole ZIP archive for the tests, in JavaScript (adm-zip), so no test needs `unzip` on the
 * machine. As `unzip -t` does, every entry is read to its end and checked: its bytes decompress, and
 * their length and CRC-32 are the central directory's. A damaged byte or a malformed archive rejects.
 */
import { readFile } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import AdmZip from 'adm-zip';

export interface ZipEntry {
  /** The entry's path in the archive ("media/audio/hello.mp3"; a folder's ends with "/"). */
  name: string;
  /** Its bytes, decompressed (none for a folder). */
  data: Buffer;
}

/** Every entry of the archive at `source` (a file's path, or its bytes), in the archive's order. */
export async function readZip(source: string | Buffer): Promise<ZipEntry[]> {
  const bytes = typeof source === 'string' ? await readFile(source) : source;
  // adm-zip sorts the entries by name unless told not to; the archive's own order is what it holds.
  const archive = new AdmZip(bytes, { noSort: true });
  return archive.getEntries().map((entry) => {
    const name = entry.entryName;
    // getData() inflates and compares the CRC-32 itself (and throws on an unknown method or a header
    // pointing outside the file); the checks below do not rely on it, and cover empty entries too.
    const data = entry.isDirectory ? Buffer.alloc(0) : entry.getData();
    if (data.length !== entry.header.size) throw new Error(`${name}: ${data.length} bytes, the central directory says ${entry.header.size}`);
    if (crc32(data) !== entry.header.crc) throw new Error(`${name}: bad CRC-32 (${hex(crc32(data))}, the central directory says ${hex(entry.header.crc)})`);
    return { name, data };
  });
}

const hex = (value: number) => value.toString(16).padStart(8, '0');

/** One entry of a ZIP's central directory, as a reader sees it. */
export interface ZipDirectoryEntry {
  name: string;
  method: number;
  crc: number;
  size: number;
  offset: number;
}

/** The entries listed in a whole ZIP's central directory (no data read): what a writer put in each entry's header, byte for byte. */
export function readZipDirectory(zip: Buffer): ZipDirectoryEntry[] {
  const endAt = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endAt < 0) throw new Error('no end of central directory record');
  const count = zip.readUInt16LE(endAt + 10);
  const entries: ZipDirectoryEntry[] = [];
  for (let at = zip.readUInt32LE(endAt + 16), index = 0; index < count; index++) {
    if (zip.readUInt32LE(at) !== 0x02014b50 /* PK\1\2 */) throw new Error(`entry ${index}: no central directory header`);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    entries.push({
      name: zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'),
      method: zip.readUInt16LE(at + 10),
      crc: zip.readUInt32LE(at + 16),
      size: zip.readUInt32LE(at + 24),
      offset: zip.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Where an entry's data starts: after its local header and name. */
export const zipEntryDataOffset = (zip: Buffer, entry: ZipDirectoryEntry): number => entry.offset + 30 + zip.readUInt16LE(entry.offset + 26) + zip.readUInt16LE(entry.offset + 28);
