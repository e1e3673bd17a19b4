import { decodeImageUpload, MAX_UPLOAD_BYTES } from './image-upload';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

describe('decodeImageUpload', () => {
  it('finds the type from the content, whatever the declared type says', () => {
    expect(decodeImageUpload(dataUrl('application/octet-stream', PNG))).toMatchObject({ contentType: 'image/png', extension: 'png' });
    expect(decodeImageUpload(dataUrl('image/png', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2])))).toMatchObject({ contentType: 'image/jpeg' });
    expect(decodeImageUpload(dataUrl('image/webp', Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ', 'latin1')))).toMatchObject({ contentType: 'image/webp' });
  });

  it('refuses what is not a picture, too big, or not a data URL', () => {
    expect(() => decodeImageUpload(dataUrl('image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')))).toThrow('This file is not a picture we can use. Please upload a JPEG, PNG or WebP image.');
    expect(() => decodeImageUpload(dataUrl('image/png', Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES)])))).toThrow('The image is larger than 10 MB. Please choose a smaller picture.');
    expect(() => decodeImageUpload('https://example.com/face.jpg')).toThrow('image must be an uploaded picture (a data: URL) or one of your images');
  });
});
