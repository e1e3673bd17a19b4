import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { crc32 } from 'node:zlib';

/** ZIP signatures and fields (APPNOTE 6.3): version 2.0, bit 3 (sizes and CRC follow the data) and bit 11 (UTF-8 names), STORE. */
const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const VERSION = 20;
const FLAGS = 0x0008 | 0x0800;
const STORE = 0;
/** Without ZIP64, sizes and offsets stop here. */
const ZIP32_LIMIT = 0xffffffff;

interface WrittenEntry {
  name: Buffer;
  crc: number;
  size: number;
  offset: number;
  time: number;
  date: number;
}

/** An MS-DOS time and date (local fields, two-second steps) of `when`. */
function dosTimeDate(when: Date): { time: number; date: number } {
  const year = Math.max(1980, when.getUTCFullYear());
  return {
    time: (when.getUTCHours() << 11) | (when.getUTCMinutes() << 5) | Math.floor(when.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((when.getUTCMonth() + 1) << 5) | when.getUTCDate(),
  };
}

/**
 * Writes a ZIP to `out` one entry at a time, as each entry's stream is read: stored (MP4 does not
 * compress), each entry's CRC-32 and size in a data descriptor after its bytes, so no entry is ever
 * held whole; the central directory (a few dozen bytes per entry) is written at the end.
 */
export class ZipWriter {
  private readonly entries: WrittenEntry[] = [];
  private offset = 0;

  constructor(private readonly out: Writable) {}

  async add(name: string, content: Readable, modified = new Date()): Promise<void> {
    const entry: WrittenEntry = { name: Buffer.from(name, 'utf8'), crc: 0, size: 0, offset: this.offset, ...dosTimeDate(modified) };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL_HEADER, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(STORE, 8);
    header.writeUInt16LE(entry.time, 10);
    header.writeUInt16LE(entry.date, 12);
    // CRC-32 and sizes (14..25) stay zero: the data descriptor gives them.
    header.writeUInt16LE(entry.name.length, 26);
    header.writeUInt16LE(0, 28);
    await this.write(header);
    await this.write(entry.name);
    for await (const chunk of content) {
      const bytes = chunk as Buffer;
      entry.crc = crc32(bytes, entry.crc);
      entry.size += bytes.length;
      await this.write(bytes);
    }
    if (entry.size >= ZIP32_LIMIT) throw new Error(`${name} is too large for a ZIP without ZIP64`);
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
    descriptor.writeUInt32LE(entry.crc, 4);
    descriptor.writeUInt32LE(entry.size, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    await this.write(descriptor);
    this.entries.push(entry);
  }

  /** The central directory and its end record; the caller ends `out`. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const entry of this.entries) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(CENTRAL_HEADER, 0);
      header.writeUInt16LE(VERSION, 4); // made by: MS-DOS, 2.0
      header.writeUInt16LE(VERSION, 6);
      header.writeUInt16LE(FLAGS, 8);
      header.writeUInt16LE(STORE, 10);
      header.writeUInt16LE(entry.time, 12);
      header.writeUInt16LE(entry.date, 14);
      header.writeUInt32LE(entry.crc, 16);
      header.writeUInt32LE(entry.size, 20);
      header.writeUInt32LE(entry.size, 24);
      header.writeUInt16LE(entry.name.length, 28);
      // extra, comment, disk, internal and external attributes (30..41) stay zero.
      header.writeUInt32LE(entry.offset, 42);
      await this.write(header);
      await this.write(entry.name);
    }
    const size = this.offset - start;
    if (this.offset >= ZIP32_LIMIT || this.entries.length > 0xffff) throw new Error('The ZIP is too large without ZIP64');
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(size, 12);
    end.writeUInt32LE(start, 16);
    await this.write(end);
  }

  /** Writes and waits for the stream to drain when its buffer is full. */
  private async write(bytes: Buffer): Promise<void> {
    this.offset += bytes.length;
    if (!this.out.write(bytes)) await once(this.out, 'drain');
  }
}

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
