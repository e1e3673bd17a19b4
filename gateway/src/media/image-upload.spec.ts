import { pngHeaderDeclaring as png } from '@lipcast/media-tools';
import { decodeImageUpload, MAX_UPLOAD_BYTES, pictureSize, UploadMessages } from './image-upload';

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

/** Headers as encoders write them, with just the fields the reader looks at; no pixel data. */
const segment = (marker: number, body: Buffer) => Buffer.concat([Buffer.from([0xff, marker]), uint16be(body.length + 2), body]);
const uint16be = (value: number) => Buffer.from([value >> 8, value & 0xff]);

function jpeg(width: number, height: number, frameMarker = 0xc0): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\u0000\u0001\u0001\u0000\u0000\u0001\u0000\u0001\u0000\u0000', 'latin1')),
    segment(0xdb, Buffer.alloc(65)),
    // A Huffman table (0xC4) sits in the SOF range but is not a frame header.
    segment(0xc4, Buffer.alloc(30, 0x7f)),
    Buffer.from([0xff]), // a fill byte
    segment(frameMarker, Buffer.concat([Buffer.from([8]), uint16be(height), uint16be(width), Buffer.from([3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])])),
    segment(0xda, Buffer.alloc(10)),
  ]);
}

function riff(chunk: string, data: Buffer): Buffer {
  const header = Buffer.alloc(20);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(12 + data.length, 4);
  header.write('WEBP', 8, 'latin1');
  header.write(chunk, 12, 'latin1');
  header.writeUInt32LE(data.length, 16);
  return Buffer.concat([header, data]);
}

const webpLossy = (width: number, height: number) => {
  const data = Buffer.alloc(16);
  data.set([0x9d, 0x01, 0x2a], 3);
  data.writeUInt16LE(width, 6);
  data.writeUInt16LE(height, 8);
  return riff('VP8 ', data);
};
const webpLossless = (width: number, height: number) => {
  const data = Buffer.alloc(16);
  data[0] = 0x2f;
  data.writeUInt32LE(((width - 1) | ((height - 1) << 14)) >>> 0, 1);
  return riff('VP8L', data);
};
const webpExtended = (width: number, height: number) => {
  const data = Buffer.alloc(16);
  data.writeUIntLE(width - 1, 4, 3);
  data.writeUIntLE(height - 1, 7, 3);
  return riff('VP8X', data);
};

describe('pictureSize (read from the header, nothing decoded)', () => {
  it('reads JPEG frame headers after other segments, baseline and progressive', () => {
    expect(pictureSize(jpeg(640, 720))).toEqual({ width: 640, height: 720 });
    expect(pictureSize(jpeg(4000, 3000, 0xc2))).toEqual({ width: 4000, height: 3000 });
  });

  it('reads PNG and the three kinds of WebP', () => {
    expect(pictureSize(png(1920, 1080))).toEqual({ width: 1920, height: 1080 });
    expect(pictureSize(webpLossy(800, 600))).toEqual({ width: 800, height: 600 });
    expect(pictureSize(webpLossless(16383, 5))).toEqual({ width: 16383, height: 5 });
    expect(pictureSize(webpExtended(20_000, 30_000))).toEqual({ width: 20_000, height: 30_000 });
  });

  it('gives null when the header holds no size', () => {
    expect(pictureSize(Buffer.concat([Buffer.from([0xff, 0xd8]), segment(0xda, Buffer.alloc(10))]))).toBeNull();
    expect(pictureSize(jpeg(640, 720).subarray(0, 120))).toBeNull();
    expect(pictureSize(png(10, 10).subarray(0, 20))).toBeNull();
    expect(pictureSize(riff('ALPH', Buffer.alloc(16)))).toBeNull();
    expect(pictureSize(Buffer.from('<svg/>'))).toBeNull();
  });
});

describe('decodeImageUpload', () => {
  it('finds the type from the content, whatever the declared type says, with the picture size', () => {
    expect(decodeImageUpload(dataUrl('application/octet-stream', png(640, 720)))).toMatchObject({ contentType: 'image/png', extension: 'png', width: 640, height: 720 });
    expect(decodeImageUpload(dataUrl('image/png', jpeg(800, 600)))).toMatchObject({ contentType: 'image/jpeg', extension: 'jpg' });
    expect(decodeImageUpload(dataUrl('image/webp', webpLossy(512, 512)))).toMatchObject({ contentType: 'image/webp', extension: 'webp' });
  });

  it('refuses pictures over 4096 pixels on a side or 16 megapixels, whatever their file size', () => {
    expect(decodeImageUpload(dataUrl('image/jpeg', jpeg(4096, 3900)))).toMatchObject({ width: 4096, height: 3900 });
    expect(decodeImageUpload(dataUrl('image/png', png(4000, 4000)))).toMatchObject({ width: 4000, height: 4000 });
    expect(() => decodeImageUpload(dataUrl('image/png', png(4097, 10)))).toThrow(UploadMessages.tooManyPixels(4097, 10));
    expect(() => decodeImageUpload(dataUrl('image/jpeg', jpeg(4000, 4001)))).toThrow(UploadMessages.tooManyPixels(4000, 4001));
    expect(() => decodeImageUpload(dataUrl('image/webp', webpExtended(65_536, 65_536)))).toThrow(
      'The image is 65536x65536 pixels, larger than we can use. Please choose a picture of at most 4096 pixels on a side and 16 megapixels.',
    );
    expect(() => decodeImageUpload(dataUrl('image/png', png(0, 0)))).toThrow(UploadMessages.notAPicture);
  });

  it('refuses what is not a picture, has no readable size, is too big, or is not a data URL', () => {
    expect(() => decodeImageUpload(dataUrl('image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')))).toThrow('This file is not a picture we can use. Please upload a JPEG, PNG or WebP image.');
    expect(() => decodeImageUpload(dataUrl('image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2])))).toThrow(UploadMessages.notAPicture);
    expect(() => decodeImageUpload(dataUrl('image/png', Buffer.concat([png(10, 10), Buffer.alloc(MAX_UPLOAD_BYTES)])))).toThrow('The image is larger than 10 MB. Please choose a smaller picture.');
    expect(() => decodeImageUpload('https://example.com/face.jpg')).toThrow('image must be an uploaded picture (a data: URL) or one of your images');
  });
});
