import { deflateSync } from 'node:zlib';
import { expect, test } from '../fixtures.ts';
import { signIn } from '../support/sign-in.ts';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => (bytes.reduce((c, byte) => CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8), 0xffffffff) ^ 0xffffffff) >>> 0;

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A plain gradient picture (PNG, 320x360): nothing like a face in it. */
function gradientPng(width = 320, height = 360): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rows.set([Math.round((x / width) * 200), Math.round((y / height) * 200), 140], y * (width * 3 + 1) + 1 + x * 3);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

test('the Creator checks an uploaded picture as soon as it is chosen, refuses one with no face before charging, and says why', async ({ page, consoleErrors }) => {
  await signIn(page, `faceless${Date.now().toString(36)}`);
  await page.goto('/ai-influencer');
  await page.getByLabel('Image file to upload').setInputFiles({ name: 'wall.png', mimeType: 'image/png', buffer: gradientPng() });
  // Right after choosing the file, before any Generate: the refusal beside the picture, and nothing to generate from it.
  await expect(page.getByRole('alert').filter({ hasText: 'No face found' })).toHaveText('No face found: use a photo with one clearly visible face.');
  await expect(page.getByRole('img', { name: 'Your influencer' })).toBeVisible();
  await expect(page.getByText('Are you happy with this image?')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Generate Video' })).toBeDisabled();
  // Nothing was charged: the account still has its three free videos, and no project was made.
  await expect(page.getByRole('banner').getByText('3 of 3 videos left')).toBeVisible();
  expect(await (await page.request.get('/api/ai-influencer/projects')).json()).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
