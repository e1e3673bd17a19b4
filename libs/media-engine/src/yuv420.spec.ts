import { blackFrame, blendYuv, rgbToYuv, yuvLayer, yuv420Bytes } from './yuv420';

/** A premultiplied RGBA raster of `width` x `height` filled with one colour at one alpha. */
function raster(width: number, height: number, [r, g, b]: number[], alpha: number): Uint8Array {
  const pixels = new Uint8Array(width * height * 4);
  for (let index = 0; index < pixels.length; index += 4) {
    pixels.set([Math.round((r * alpha) / 255), Math.round((g * alpha) / 255), Math.round((b * alpha) / 255), alpha], index);
  }
  return pixels;
}

const size = { width: 8, height: 6 };
const plane = (frame: Buffer, which: 'y' | 'u' | 'v') => {
  const lumaBytes = size.width * size.height;
  const chromaBytes = lumaBytes / 4;
  return which === 'y' ? frame.subarray(0, lumaBytes) : frame.subarray(lumaBytes + (which === 'u' ? 0 : chromaBytes), lumaBytes + (which === 'u' ? chromaBytes : 2 * chromaBytes));
};

describe('yuv420p drawing', () => {
  it("converts colours as ffmpeg's default BT.601 limited range does", () => {
    expect(rgbToYuv(0, 0, 0)).toEqual([16, 128, 128]);
    expect(rgbToYuv(255, 255, 255)).toEqual([235, 128, 128]);
    expect(rgbToYuv(255, 0, 0)).toEqual([81, 90, 240]);
  });

  it('starts from black and draws an opaque layer as its colour, only where it lies', () => {
    const frame = blackFrame(size);
    expect(frame.length).toBe(yuv420Bytes(size));
    blendYuv(frame, size, yuvLayer(raster(4, 2, [255, 0, 0], 255), 4, 2), 2, 2);
    const luma = plane(frame, 'y');
    expect(luma[2 * size.width + 2]).toBe(81);
    expect(luma[3 * size.width + 5]).toBe(81);
    expect(luma[2 * size.width + 1]).toBe(16);
    expect(luma[4 * size.width + 2]).toBe(16);
    // Chroma block (1, 1) covers pixels (2..3, 2..3): red; block (0, 1) is untouched.
    expect(plane(frame, 'u')[1 * 4 + 1]).toBe(90);
    expect(plane(frame, 'v')[1 * 4 + 1]).toBe(240);
    expect(plane(frame, 'v')[1 * 4 + 0]).toBe(128);
  });

  it('blends a half-transparent layer as rgb "over" converted afterwards would (within rounding)', () => {
    const frame = blackFrame(size);
    blendYuv(frame, size, yuvLayer(raster(2, 2, [255, 255, 255], 128), 2, 2), 0, 0);
    // Over black in rgb: 128 grey, which is Y 126 in limited range.
    expect(Math.abs(plane(frame, 'y')[0] - rgbToYuv(128, 128, 128)[0])).toBeLessThanOrEqual(1);
    expect(plane(frame, 'u')[0]).toBe(128);
  });

  it('pads a layer drawn at an odd position so that it starts on a chroma block, covering the same pixels', () => {
    const frame = blackFrame(size);
    const layer = yuvLayer(raster(1, 1, [255, 255, 255], 255), 1, 1, 1, 1);
    expect([layer.width, layer.height]).toEqual([2, 2]);
    blendYuv(frame, size, layer, 2, 2);
    const luma = plane(frame, 'y');
    expect(luma[3 * size.width + 3]).toBe(235);
    expect([luma[2 * size.width + 2], luma[2 * size.width + 3], luma[3 * size.width + 2]]).toEqual([16, 16, 16]);
  });

  it('clips a layer that runs off any edge of the frame', () => {
    const frame = blackFrame(size);
    blendYuv(frame, size, yuvLayer(raster(12, 10, [255, 255, 255], 255), 12, 10), -2, -2);
    expect(plane(frame, 'y').every((value) => value === 235)).toBe(true);
    expect(frame.length).toBe(yuv420Bytes(size));
    const corner = blackFrame(size);
    blendYuv(corner, size, yuvLayer(raster(4, 4, [255, 0, 0], 255), 4, 4), 6, 4);
    expect(plane(corner, 'y')[5 * size.width + 7]).toBe(81);
    expect(plane(corner, 'y')[3 * size.width + 7]).toBe(16);
    // Only the last chroma block (3, 2) is red.
    expect([...plane(corner, 'u')]).toEqual([...Array(11).fill(128), 90]);
  });
});
