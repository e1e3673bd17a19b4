import { BadRequestException } from '@nestjs/common';

/** Uploaded images (the Creator's "Upload Image"): at most 10 MB, and really an image. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** The largest picture accepted, read from its header before anything decodes it (a small file can declare a huge picture). */
export const MAX_UPLOAD_SIDE = 4096;
export const MAX_UPLOAD_PIXELS = 16_000_000;

export const UploadMessages = {
  notAPicture: 'This file is not a picture we can use. Please upload a JPEG, PNG or WebP image.',
  tooManyBytes: 'The image is larger than 10 MB. Please choose a smaller picture.',
  tooManyPixels: (width: number, height: number) =>
    `The image is ${width}x${height} pixels, larger than we can use. Please choose a picture of at most ${MAX_UPLOAD_SIDE} pixels on a side and 16 megapixels.`,
} as const;

export interface PictureSize {
  width: number;
  height: number;
}

/** A JPEG's size from its first start-of-frame segment (SOF0–SOF15, not DHT/JPG/DAC), walking the segments. */
function jpegSize(bytes: Buffer): PictureSize | null {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1];
    // Fill bytes, and markers that stand alone (TEM, RSTn, SOI).
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += 2;
      continue;
    }
    // The image data (SOS) or its end came before any frame header.
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (offset + 9 > bytes.length) return null;
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

/** A PNG's size from its IHDR chunk, which must come first. */
function pngSize(bytes: Buffer): PictureSize | null {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** A WebP's size from its first chunk: VP8X (extended: the canvas), VP8L (lossless) or VP8 (lossy key frame). */
function webpSize(bytes: Buffer): PictureSize | null {
  if (bytes.length < 30) return null;
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return null;
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ') {
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  return null;
}

const SIGNATURES: { type: string; extension: string; matches: (bytes: Buffer) => boolean; size: (bytes: Buffer) => PictureSize | null }[] = [
  { type: 'image/jpeg', extension: 'jpg', matches: (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff, size: jpegSize },
  { type: 'image/png', extension: 'png', matches: (bytes) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), size: pngSize },
  { type: 'image/webp', extension: 'webp', matches: (bytes) => bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP', size: webpSize },
];

/** The picture's declared size as its header says, or null when the header cannot be read. */
export function pictureSize(bytes: Buffer): PictureSize | null {
  return SIGNATURES.find((candidate) => candidate.matches(bytes))?.size(bytes) ?? null;
}

export interface ImageUpload {
  bytes: Buffer;
  contentType: string;
  extension: string;
  width: number;
  height: number;
}

/**
 * A `data:` URL as the browser reads a chosen file → its bytes, with the type found from the content
 * (never from the declared type or the name) and the picture size from its header. Rejects what is
 * too big (bytes or pixels), not a JPEG, PNG or WebP, or has no readable size; nothing is decoded.
 */
export function decodeImageUpload(dataUrl: string): ImageUpload {
  const match = /^data:[\w.+-]+\/[\w.+-]+(?:;[\w-]+=[\w-]+)*;base64,/.exec(dataUrl);
  if (!match) throw new BadRequestException('image must be an uploaded picture (a data: URL) or one of your images');
  const encoded = dataUrl.slice(match[0].length);
  if ((encoded.length * 3) / 4 > MAX_UPLOAD_BYTES + 3) throw new BadRequestException(UploadMessages.tooManyBytes);
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.length > MAX_UPLOAD_BYTES) throw new BadRequestException(UploadMessages.tooManyBytes);
  const signature = SIGNATURES.find((candidate) => candidate.matches(bytes));
  const size = signature?.size(bytes);
  if (!signature || !size || size.width < 1 || size.height < 1) throw new BadRequestException(UploadMessages.notAPicture);
  if (size.width > MAX_UPLOAD_SIDE || size.height > MAX_UPLOAD_SIDE || size.width * size.height > MAX_UPLOAD_PIXELS) {
    throw new BadRequestException(UploadMessages.tooManyPixels(size.width, size.height));
  }
  return { bytes, contentType: signature.type, extension: signature.extension, ...size };
}
