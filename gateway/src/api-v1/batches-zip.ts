import { CENTRAL_HEADER } from '../account/zip-writer';

/** One entry of a ZIP's central directory, as a reader sees it. */
export interface ZipDirectoryEntry {
  name: string;
  method: number;
  crc: number;
  size: number;
  offset: number;
}

/** The entries listed in a whole ZIP's central directory (for tests and checks; it reads no data). */
export function readZipDirectory(zip: Buffer): ZipDirectoryEntry[] {
  const endAt = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endAt < 0) throw new Error('no end of central directory record');
  const count = zip.readUInt16LE(endAt + 10);
  const entries: ZipDirectoryEntry[] = [];
  for (let at = zip.readUInt32LE(endAt + 16), index = 0; index < count; index++) {
    if (zip.readUInt32LE(at) !== CENTRAL_HEADER) throw new Error(`entry ${index}: no central directory header`);
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

/** A row's file in the batch ZIP: its number padded to the width of the batch's largest, so the files sort in row order. */
export const batchZipEntryName = (row: number, rowCount: number) => `row-${String(row).padStart(String(rowCount).length, '0')}.mp4`;
