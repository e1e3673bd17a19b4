/**
 * A still AVIF file around one AV1 key frame. Written when the static ffmpeg 4.1 build (which encodes
 * AV1 but has no AVIF muxer) was the fallback; Debian's 5.1 has the muxer, but the frame still goes
 * through IVF and this puts it in the HEIF boxes browsers read:
 * `ftyp`, `meta` (one `av01` item with its size, pixel depth, codec configuration and colours) and `mdat`.
 * It expects what `encodeAvifPoster` asks ffmpeg for: AV1 Main profile, 8-bit 4:2:0, limited range, BT.601.
 */

const OBU_SEQUENCE_HEADER = 1;
const OBU_TEMPORAL_DELIMITER = 2;
const IVF_HEADER_BYTES = 32;
const IVF_FRAME_HEADER_BYTES = 12;

/** The first frame of an IVF file (its OBUs). */
export function firstIvfFrame(ivf: Buffer): Buffer {
  if (ivf.toString('latin1', 0, 4) !== 'DKIF' || ivf.toString('latin1', 8, 12) !== 'AV01') throw new Error('Not an AV1 IVF file');
  const size = ivf.readUInt32LE(IVF_HEADER_BYTES);
  const start = IVF_HEADER_BYTES + IVF_FRAME_HEADER_BYTES;
  if (start + size > ivf.length) throw new Error('Truncated IVF frame');
  return ivf.subarray(start, start + size);
}

interface Obu {
  type: number;
  /** The whole OBU, header included. */
  bytes: Buffer;
  payload: Buffer;
}

/** The OBUs of a temporal unit (the encoder writes each with its size field). */
export function readObus(data: Buffer): Obu[] {
  const obus: Obu[] = [];
  let offset = 0;
  while (offset < data.length) {
    const header = data[offset];
    const type = (header >> 3) & 0x0f;
    const hasExtension = (header & 0x04) !== 0;
    if ((header & 0x02) === 0) throw new Error('AV1 OBU without a size field');
    let cursor = offset + 1 + (hasExtension ? 1 : 0);
    let size = 0;
    for (let index = 0; ; index++) {
      const byte = data[cursor++];
      if (byte === undefined || index === 8) throw new Error('Bad AV1 OBU size');
      size += (byte & 0x7f) * 2 ** (7 * index);
      if ((byte & 0x80) === 0) break;
    }
    if (cursor + size > data.length) throw new Error('Truncated AV1 OBU');
    obus.push({ type, bytes: data.subarray(offset, cursor + size), payload: data.subarray(cursor, cursor + size) });
    offset = cursor + size;
  }
  return obus;
}

/** The sequence header's fields `av1C` repeats: profile, and the first operating point's level and tier. */
export function readSequenceHeader(payload: Buffer): { profile: number; level: number; tier: number } {
  let bit = 0;
  const read = (count: number) => {
    let value = 0;
    for (let index = 0; index < count; index++, bit++) {
      if (bit >> 3 >= payload.length) throw new Error('Truncated AV1 sequence header');
      value = value * 2 + ((payload[bit >> 3] >> (7 - (bit & 7))) & 1);
    }
    return value;
  };
  const profile = read(3);
  read(1); // still_picture
  if (read(1) === 1) return { profile, level: read(5), tier: 0 }; // reduced_still_picture_header
  if (read(1) === 1) throw new Error('AV1 timing info is not expected in a still');
  read(1); // initial_display_delay_present_flag (its fields come after the first level)
  read(5); // operating_points_cnt_minus_1: av1C describes the first
  read(12); // operating_point_idc[0]
  const level = read(5);
  return { profile, level, tier: level > 7 ? read(1) : 0 };
}

const box = (type: string, ...parts: Buffer[]): Buffer => {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
};
/** A box with a version byte and 24 bits of flags. */
const fullBox = (type: string, version: number, ...parts: Buffer[]) => box(type, Buffer.from([version, 0, 0, 0]), ...parts);
const u8 = (...values: number[]) => Buffer.from(values);
const u16 = (...values: number[]) => Buffer.concat(values.map((value) => Buffer.from([value >> 8, value & 0xff])));
const u32 = (...values: number[]) =>
  Buffer.concat(
    values.map((value) => {
      const bytes = Buffer.alloc(4);
      bytes.writeUInt32BE(value);
      return bytes;
    }),
  );
const text = (value: string) => Buffer.from(value, 'latin1');

/** The AVIF file for one AV1 key frame (its OBUs, as an IVF frame holds them) of `width` x `height`. */
export function avifFromAv1Frame(frame: Buffer, width: number, height: number): Buffer {
  const obus = readObus(frame);
  const sequenceHeader = obus.find((obu) => obu.type === OBU_SEQUENCE_HEADER);
  if (!sequenceHeader) throw new Error('The AV1 frame has no sequence header (not a key frame?)');
  const { profile, level, tier } = readSequenceHeader(sequenceHeader.payload);
  if (profile !== 0) throw new Error(`AV1 profile ${profile} is not the 8-bit 4:2:0 Main profile`);
  // An image item holds the frame without temporal delimiters (AV1 in ISOBMFF, section 2.4).
  const itemData = Buffer.concat(obus.filter((obu) => obu.type !== OBU_TEMPORAL_DELIMITER).map((obu) => obu.bytes));

  // av1C: marker and version 1; profile and level; tier, 8-bit, colour, 4:2:0 subsampling; no presentation delay.
  const av1C = box('av1C', u8(0x81, (profile << 5) | level, (tier << 7) | 0b0000_1100, 0));
  // colr nclx: sRGB primaries and transfer, BT.601 matrix (ffmpeg's RGB to YUV), limited range.
  const colr = box('colr', text('nclx'), u16(1, 13, 6), u8(0));
  const properties = box('ipco', fullBox('ispe', 0, u32(width, height)), fullBox('pixi', 0, u8(3, 8, 8, 8)), av1C, colr);
  // Item 1 has the properties 1-4; the codec configuration is marked essential (high bit).
  const associations = fullBox('ipma', 0, u32(1), u16(1), u8(4, 1, 2, 0x80 | 3, 4));
  const meta = (dataOffset: number) =>
    fullBox(
      'meta',
      0,
      fullBox('hdlr', 0, u32(0), text('pict'), u32(0, 0, 0), u8(0)),
      fullBox('pitm', 0, u16(1)),
      // 4-byte offsets and lengths, no base offset; one item, in this file, in one extent.
      fullBox('iloc', 0, u8(0x44, 0x00), u16(1, 1, 0, 1), u32(dataOffset, itemData.length)),
      fullBox('iinf', 0, u16(1), fullBox('infe', 2, u16(1, 0), text('av01'), u8(0))),
      box('iprp', properties, associations),
    );
  const fileType = box('ftyp', text('avif'), u32(0), text('avifmif1miaf'));
  // The meta box's size does not depend on the offset it holds, so one trial run finds it.
  const dataOffset = fileType.length + meta(0).length + 8;
  return Buffer.concat([fileType, meta(dataOffset), box('mdat', itemData)]);
}
