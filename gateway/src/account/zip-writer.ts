import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { crc32 } from 'node:zlib';

/** One file of the archive: its bytes at once, or a stream read to the end. */
export interface ZipEntry {
  name: string;
  data: Buffer | Readable;
  modified?: Date;
}

/** ZIP signatures and fields (APPNOTE 6.3): version 2.0, bit 3 (sizes and CRC follow the data) and bit 11 (UTF-8 names), STORE. */
const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const VERSION = 20;
const FLAGS = 0x0008 | 0x0800;
const STORE = 0;
/** A ZIP without ZIP64 holds at most 4 GiB in all; a user's storage is far below it (USER_STORAGE_QUOTA_BYTES). */
const ZIP32_LIMIT = 0xffffffff;

interface WrittenEntry {
  name: Buffer;
  crc: number;
  size: number;
  offset: number;
  time: number;
  date: number;
}

/** An MS-DOS time and date (local fields, two-second steps) of `when`: the only ones a plain ZIP header holds. */
function dosTimeDate(when: Date): { time: number; date: number } {
  const year = Math.max(1980, when.getUTCFullYear());
  return {
    time: (when.getUTCHours() << 11) | (when.getUTCMinutes() << 5) | Math.floor(when.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((when.getUTCMonth() + 1) << 5) | when.getUTCDate(),
  };
}

/** Until `output` takes more; rejects when it closes first (a download given up never drains). */
async function drained(output: Writable): Promise<void> {
  if (output.destroyed) throw new Error('The output closed before the archive was complete');
  const closed = new AbortController();
  const onClose = () => closed.abort();
  output.once('close', onClose);
  try {
    await once(output, 'drain', { signal: closed.signal });
  } catch (error) {
    if (closed.signal.aborted) throw new Error('The output closed before the archive was complete');
    throw error;
  } finally {
    output.off('close', onClose);
  }
}

/**
 * Writes a ZIP to `out` one entry at a time, as each entry's bytes are read: stored (media is
 * compressed already), each entry's CRC-32 and size in a data descriptor after its bytes, so no
 * entry is ever held whole (an export of gigabytes never sits in memory); the central directory (a
 * few dozen bytes per entry) is written at the end.
 */
export class ZipWriter {
  private readonly entries: WrittenEntry[] = [];
  private offset = 0;

  constructor(private readonly out: Writable) {}

  async add(name: string, content: Buffer | Readable, modified = new Date()): Promise<void> {
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
    await this.write(Buffer.concat([header, entry.name]));
    for await (const chunk of Buffer.isBuffer(content) ? [content] : (content as AsyncIterable<Buffer>)) {
      entry.crc = crc32(chunk, entry.crc);
      entry.size += chunk.length;
      await this.write(chunk);
    }
    if (this.offset > ZIP32_LIMIT) throw new Error('The archive is larger than 4 GiB');
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
    if (this.entries.length > 0xffff) throw new Error('The archive has more than 65,535 files');
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
      await this.write(Buffer.concat([header, entry.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.write(end);
  }

  /** Writes, and waits for the stream to drain when its buffer is full. */
  private async write(bytes: Buffer): Promise<void> {
    this.offset += bytes.length;
    if (!this.out.write(bytes)) await drained(this.out);
  }
}

/** A whole archive of `entries`, written to `output` as they come (see `ZipWriter`). */
export async function writeZip(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>, output: Writable): Promise<void> {
  const zip = new ZipWriter(output);
  for await (const entry of entries) await zip.add(entry.name, entry.data, entry.modified);
  await zip.finish();
}
