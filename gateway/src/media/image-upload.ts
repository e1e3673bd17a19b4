import { BadRequestException } from '@nestjs/common';

/** Uploaded images (the Creator's "Upload Image"): at most 10 MB, and really an image. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

const SIGNATURES: { type: string; extension: string; matches: (bytes: Buffer) => boolean }[] = [
  { type: 'image/jpeg', extension: 'jpg', matches: (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff },
  { type: 'image/png', extension: 'png', matches: (bytes) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: 'image/webp', extension: 'webp', matches: (bytes) => bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP' },
];

export interface ImageUpload {
  bytes: Buffer;
  contentType: string;
  extension: string;
}

/**
 * A `data:` URL as the browser reads a chosen file → its bytes, with the type found from the content
 * (never from the declared type or the name). Rejects what is too big or not a JPEG, PNG or WebP.
 */
export function decodeImageUpload(dataUrl: string): ImageUpload {
  const match = /^data:[\w.+-]+\/[\w.+-]+(?:;[\w-]+=[\w-]+)*;base64,/.exec(dataUrl);
  if (!match) throw new BadRequestException('image must be an uploaded picture (a data: URL) or one of your images');
  const encoded = dataUrl.slice(match[0].length);
  if ((encoded.length * 3) / 4 > MAX_UPLOAD_BYTES + 3) throw new BadRequestException('The image is larger than 10 MB. Please choose a smaller picture.');
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.length > MAX_UPLOAD_BYTES) throw new BadRequestException('The image is larger than 10 MB. Please choose a smaller picture.');
  const signature = SIGNATURES.find((candidate) => candidate.matches(bytes));
  if (!signature) throw new BadRequestException('This file is not a picture we can use. Please upload a JPEG, PNG or WebP image.');
  return { bytes, contentType: signature.type, extension: signature.extension };
}
