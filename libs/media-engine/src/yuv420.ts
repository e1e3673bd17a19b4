/**
 * yuv420p frames as the encoder takes them, drawn in place: Y at full size, then U and V at half
 * size each way. Frame sizes are even (every format's are), so a 2x2 block of pixels has one U and
 * one V sample.
 */

/** An rgb colour in yuv420p's terms (BT.601, limited range: what ffmpeg converts rgb24 to by default). */
export function rgbToYuv(r: number, g: number, b: number): [number, number, number] {
  return [
    Math.round(16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255),
    Math.round(128 + (-37.797 * r - 74.203 * g + 112 * b) / 255),
    Math.round(128 + (112 * r - 93.786 * g - 18.214 * b) / 255),
  ];
}

export interface FrameSize {
  width: number;
  height: number;
}

export const yuv420Bytes = ({ width, height }: FrameSize) => (width * height * 3) / 2;

/**
 * A premultiplied RGBA raster (as resvg renders it) in yuv420p's terms, for blending over a frame:
 * premultiplied Y and alpha per pixel, premultiplied U and V and the mean alpha per 2x2 block. Blending
 * is linear, so "over" done here equals "over" in rgb converted afterwards (chroma averaged per block).
 * `padLeft`/`padTop` (0 or 1) shift the raster inside so that a layer drawn at an odd position still
 * starts on a block.
 */
export interface YuvLayer {
  width: number;
  height: number;
  y: Uint8Array;
  alpha: Uint8Array;
  u: Uint8Array;
  v: Uint8Array;
  chromaAlpha: Uint8Array;
}

export function yuvLayer(rgba: Uint8Array, rgbaWidth: number, rgbaHeight: number, padLeft = 0, padTop = 0): YuvLayer {
  const width = (rgbaWidth + padLeft + 1) & ~1;
  const height = (rgbaHeight + padTop + 1) & ~1;
  const y = new Uint8Array(width * height);
  const alpha = new Uint8Array(width * height);
  const uSum = new Float64Array((width / 2) * (height / 2));
  const vSum = new Float64Array(uSum.length);
  const alphaSum = new Uint16Array(uSum.length);
  for (let row = 0; row < rgbaHeight; row++) {
    for (let column = 0; column < rgbaWidth; column++) {
      const source = (row * rgbaWidth + column) * 4;
      const a = rgba[source + 3];
      if (a === 0) continue;
      const [r, g, b] = [rgba[source], rgba[source + 1], rgba[source + 2]];
      const target = (row + padTop) * width + column + padLeft;
      // Premultiplied: the colour's own offsets (16, 128) count for as much as the pixel covers.
      y[target] = Math.round((65.481 * r + 128.553 * g + 24.966 * b) / 255 + (16 * a) / 255);
      alpha[target] = a;
      const block = ((row + padTop) >> 1) * (width / 2) + ((column + padLeft) >> 1);
      uSum[block] += (-37.797 * r - 74.203 * g + 112 * b) / 255 + (128 * a) / 255;
      vSum[block] += (112 * r - 93.786 * g - 18.214 * b) / 255 + (128 * a) / 255;
      alphaSum[block] += a;
    }
  }
  const u = new Uint8Array(uSum.length);
  const v = new Uint8Array(uSum.length);
  const chromaAlpha = new Uint8Array(uSum.length);
  for (let block = 0; block < uSum.length; block++) {
    u[block] = Math.round(uSum[block] / 4);
    v[block] = Math.round(vSum[block] / 4);
    chromaAlpha[block] = Math.round(alphaSum[block] / 4);
  }
  return { width, height, y, alpha, u, v, chromaAlpha };
}

/** A black yuv420p frame of `size`. */
export function blackFrame(size: FrameSize): Buffer {
  const frame = Buffer.alloc(yuv420Bytes(size), 128);
  frame.fill(16, 0, size.width * size.height);
  return frame;
}

/**
 * Draws `layer` over the yuv420p `frame` (of `size`) with its top-left corner at (left, top), both
 * even (a layer made with the matching padding); clipped to the frame.
 */
export function blendYuv(frame: Uint8Array, size: FrameSize, layer: YuvLayer, left: number, top: number): void {
  const firstRow = Math.max(0, -top);
  const lastRow = Math.min(layer.height, size.height - top);
  const firstColumn = Math.max(0, -left);
  const lastColumn = Math.min(layer.width, size.width - left);
  for (let row = firstRow; row < lastRow; row++) {
    blendRow(frame, (row + top) * size.width + left, layer.y, layer.alpha, row * layer.width, firstColumn, lastColumn);
  }
  const chromaWidth = size.width / 2;
  const planeBytes = chromaWidth * (size.height / 2);
  const [uPlane, vPlane] = [size.width * size.height, size.width * size.height + planeBytes];
  for (let row = firstRow >> 1; row < lastRow >> 1; row++) {
    const target = (row + top / 2) * chromaWidth + left / 2;
    const source = row * (layer.width / 2);
    blendRow(frame, uPlane + target, layer.u, layer.chromaAlpha, source, firstColumn >> 1, lastColumn >> 1);
    blendRow(frame, vPlane + target, layer.v, layer.chromaAlpha, source, firstColumn >> 1, lastColumn >> 1);
  }
}

function blendRow(frame: Uint8Array, target: number, values: Uint8Array, alpha: Uint8Array, source: number, from: number, to: number): void {
  for (let column = from; column < to; column++) {
    const a = alpha[source + column];
    if (a === 0) continue;
    frame[target + column] = a === 255 ? values[source + column] : values[source + column] + (((255 - a) * frame[target + column] + 127) / 255) | 0;
  }
}
