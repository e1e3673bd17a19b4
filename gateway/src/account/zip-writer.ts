import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { crc32 } from 'node:zlib';

/** One file of the archive: its bytes at once, or a stream read to the end. */
export interface ZipEntry {
  name: string;
  data: Buffer | Readable;
  modified?: Date;
}

const UTF8_NAMES_AND_DATA_DESCRIPTOR = 0x0808;
const STORED = 0;
/** A ZIP without ZIP64 holds at most 4 GiB in all; a user's storage is far below it (USER_STORAGE_QUOTA_BYTES). */
const MAX_ZIP32 = 0xffffffff;

/** MS-DOS time and date, the only ones a plain ZIP header holds. */
function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.max(1980, date.getUTCFullYear());
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
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
 * Writes a ZIP archive (stored, not compressed: media is compressed already) to `output` as the
 * entries come, one at a time, so an export of gigabytes never sits in memory: each file's CRC and
 * size follow its data in a data descriptor, and the central directory closes the archive.
 */
export async function writeZip(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>, output: Writable): Promise<void> {
  let offset = 0;
  const central: Buffer[] = [];
  const write = async (chunk: Buffer) => {
    offset += chunk.length;
    if (!output.write(chunk)) await drained(output);
  };

  for await (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const { time, date } = dosDateTime(entry.modified ?? new Date());
    const headerOffset = offset;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(UTF8_NAMES_AND_DATA_DESCRIPTOR, 6);
    local.writeUInt16LE(STORED, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    // CRC and sizes are 0 here: they follow the data.
    local.writeUInt16LE(name.length, 26);
    await write(Buffer.concat([local, name]));

    let crc = 0;
    let size = 0;
    const chunks: AsyncIterable<Buffer> | Buffer[] = Buffer.isBuffer(entry.data) ? [entry.data] : (entry.data as AsyncIterable<Buffer>);
    for await (const chunk of chunks) {
      crc = crc32(chunk, crc);
      size += chunk.length;
      await write(chunk);
    }
    if (offset > MAX_ZIP32) throw new Error('The archive is larger than 4 GiB');

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(size, 8);
    descriptor.writeUInt32LE(size, 12);
    await write(descriptor);

    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(UTF8_NAMES_AND_DATA_DESCRIPTOR, 8);
    header.writeUInt16LE(STORED, 10);
    header.writeUInt16LE(time, 12);
    header.writeUInt16LE(date, 14);
    header.writeUInt32LE(crc >>> 0, 16);
    header.writeUInt32LE(size, 20);
    header.writeUInt32LE(size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(headerOffset, 42);
    central.push(header, name);
  }

  const directory = Buffer.concat(central);
  const count = central.length / 2;
  if (count > 0xffff) throw new Error('The archive has more than 65,535 files');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  await write(Buffer.concat([directory, end]));
}
