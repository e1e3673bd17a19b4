import { avifFromAv1Frame, firstIvfFrame, readObus, readSequenceHeader } from './avif-container';

// A key frame as libaom writes it for a 320x360 still: temporal delimiter, sequence header (Main profile, level 2.0), then a frame OBU (cut short here).
const TEMPORAL_DELIMITER = Buffer.from([0x12, 0x00]);
const SEQUENCE_HEADER = Buffer.from([0x0a, 0x0b, 0x00, 0x00, 0x00, 0x04, 0x44, 0xfe, 0xce, 0x7d, 0xfc, 0xc0, 0x20]);
const FRAME = Buffer.from([0x32, 0x03, 0xaa, 0xbb, 0xcc]);
const KEY_FRAME = Buffer.concat([TEMPORAL_DELIMITER, SEQUENCE_HEADER, FRAME]);

function ivfOf(frame: Buffer): Buffer {
  const header = Buffer.alloc(32);
  header.write('DKIF', 0, 'latin1');
  header.writeUInt16LE(32, 6);
  header.write('AV01', 8, 'latin1');
  const frameHeader = Buffer.alloc(12);
  frameHeader.writeUInt32LE(frame.length);
  return Buffer.concat([header, frameHeader, frame, Buffer.from('next frame')]);
}

/** The child boxes of a box body, by type. */
function boxes(data: Buffer): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (let offset = 0; offset < data.length; ) {
    const size = data.readUInt32BE(offset);
    found.set(data.toString('latin1', offset + 4, offset + 8), data.subarray(offset + 8, offset + size));
    offset += size;
  }
  return found;
}

describe('the AVIF container', () => {
  it("reads an IVF file's first frame and its OBUs", () => {
    expect(firstIvfFrame(ivfOf(KEY_FRAME))).toEqual(KEY_FRAME);
    expect(readObus(KEY_FRAME).map((obu) => [obu.type, obu.payload.length])).toEqual([
      [2, 0],
      [1, 11],
      [6, 3],
    ]);
    expect(() => firstIvfFrame(Buffer.from('RIFF0000WEBPVP8 '.padEnd(44)))).toThrow('Not an AV1 IVF file');
  });

  it("reads the profile, level and tier from a sequence header, reduced or not", () => {
    expect(readSequenceHeader(SEQUENCE_HEADER.subarray(2))).toEqual({ profile: 0, level: 0, tier: 0 });
    expect(readSequenceHeader(Buffer.from([0x00, 0x00, 0x00, 0x44]))).toEqual({ profile: 0, level: 8, tier: 1 });
    expect(readSequenceHeader(Buffer.from([0x1a, 0x40]))).toEqual({ profile: 0, level: 9, tier: 0 });
  });

  it('wraps a key frame as one av01 image item with its size, depth and codec configuration, without the temporal delimiter', () => {
    const avif = avifFromAv1Frame(KEY_FRAME, 320, 360);
    const top = boxes(avif);
    expect([...top.keys()]).toEqual(['ftyp', 'meta', 'mdat']);
    expect(top.get('ftyp')!.toString('latin1')).toBe('avif\0\0\0\0avifmif1miaf');
    expect(top.get('mdat')).toEqual(Buffer.concat([SEQUENCE_HEADER, FRAME]));

    const meta = boxes(top.get('meta')!.subarray(4));
    expect([...meta.keys()]).toEqual(['hdlr', 'pitm', 'iloc', 'iinf', 'iprp']);
    expect(meta.get('hdlr')!.toString('latin1', 8, 12)).toBe('pict');
    // The item's one extent is the mdat's content, where the file has it.
    const iloc = meta.get('iloc')!;
    const [offset, length] = [iloc.readUInt32BE(iloc.length - 8), iloc.readUInt32BE(iloc.length - 4)];
    expect(avif.subarray(offset, offset + length)).toEqual(top.get('mdat'));
    expect(meta.get('iinf')!.toString('latin1').includes('av01')).toBe(true);

    const properties = boxes(boxes(meta.get('iprp')!).get('ipco')!);
    expect([...properties.keys()]).toEqual(['ispe', 'pixi', 'av1C', 'colr']);
    expect([properties.get('ispe')!.readUInt32BE(4), properties.get('ispe')!.readUInt32BE(8)]).toEqual([320, 360]);
    expect([...properties.get('av1C')!]).toEqual([0x81, 0x00, 0x0c, 0x00]);
  });

  it('refuses a frame it cannot describe: no sequence header, or not the Main profile', () => {
    expect(() => avifFromAv1Frame(Buffer.concat([TEMPORAL_DELIMITER, FRAME]), 320, 360)).toThrow('no sequence header');
    const highProfile = Buffer.from(SEQUENCE_HEADER);
    highProfile[2] = 0x20;
    expect(() => avifFromAv1Frame(Buffer.concat([highProfile, FRAME]), 320, 360)).toThrow('AV1 profile 1');
  });
});
