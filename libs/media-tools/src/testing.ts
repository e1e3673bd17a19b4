/** The eight bytes every PNG file starts with. */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * For tests: the start of a PNG whose header (IHDR chunk: 8-bit RGB) declares `width` x `height`.
 * No pixel data follows, so what reads it can only trust the header; append bytes for a reader
 * that wants more of the file before it looks at the header.
 */
export function pngHeaderDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  // bit depth 8, colour type 2 (RGB), default compression, filter and interlace; the CRC is left zero.
  ihdr.set([8, 2, 0, 0, 0], 16);
  return Buffer.concat([PNG_SIGNATURE, ihdr]);
}
