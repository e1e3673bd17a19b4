import type { MouthGeometry } from '../faces/face-landmarks';
import { findMouthsWhereNeeded, HEIGHT, mouthAt, openMouth, WIDTH, type SampledMouths } from './photo-lipsync';

const GEOMETRY = { x: 320, y: 400, width: 80, chinDrop: 70 };

/** A yuv420p picture with a horizontal gradient in its brightness, so moved pixels show; grey (U = V = 128). */
function picture(): Buffer {
  const frame = Buffer.alloc((WIDTH * HEIGHT * 3) / 2, 128);
  for (let y = 0; y < HEIGHT; y++) frame.fill(y % 256, y * WIDTH, (y + 1) * WIDTH);
  return frame;
}
const pixel = (frame: Buffer, x: number, y: number) => frame[y * WIDTH + x];
/** U and V of the chroma sample covering pixel (x, y). */
const chroma = (frame: Buffer, x: number, y: number) => {
  const at = (y >> 1) * (WIDTH / 2) + (x >> 1);
  return [frame[WIDTH * HEIGHT + at], frame[(WIDTH * HEIGHT * 5) / 4 + at]];
};

describe('opening a real mouth', () => {
  it('leaves a closed mouth as it is', () => {
    const source = picture();
    const frame = Buffer.from(source);
    openMouth(frame, source, GEOMETRY, { open: 0, width: 0.5 });
    expect(frame.equals(source)).toBe(true);
  });

  it('paints the inside of the mouth below the lip line, pulls the jaw down, and leaves the face above alone', () => {
    const source = picture();
    const frame = Buffer.from(source);
    openMouth(frame, source, GEOMETRY, { open: 1, width: 0.5 });
    expect(pixel(frame, 320, 395)).toBe(pixel(source, 320, 395)); // above the lip line
    expect(pixel(frame, 320, 410)).toBeLessThan(80); // the dark opening (or teeth near the top)
    expect(pixel(frame, 320, 460)).toBe(pixel(source, 320, 460 - Math.round(0.42 * 80))); // the chin, moved down by the drop
    expect(pixel(frame, 100, 460)).toBe(pixel(source, 100, 460)); // far from the mouth
    const [u, v] = chroma(frame, 320, 410);
    expect(v).toBeGreaterThan(135); // the opening is dark red in colour too
    expect(u).toBeLessThanOrEqual(128);
    expect(chroma(frame, 320, 395)).toEqual([128, 128]);
    expect(chroma(frame, 100, 460)).toEqual([128, 128]);
  });
});

describe('landmarks between samples', () => {
  it('interpolates and wraps around the clip', () => {
    const mouths: SampledMouths = { version: 1, sampleEvery: 10, period: 20, samples: [{ ...GEOMETRY, x: 300 }, { ...GEOMETRY, x: 340 }] };
    expect(mouthAt(mouths, 5).x).toBe(320);
    expect(mouthAt(mouths, 25).x).toBe(320);
    expect(mouthAt(mouths, 15).x).toBe(340);
  });
});

describe(findMouthsWhereNeeded.name, () => {
  /** Sampled frames that carry only their number, and a detector that reads the mouth off a path by it. */
  async function run(count: number, path: (index: number) => MouthGeometry | null) {
    async function* frames() {
      for (let index = 0; index < count; index++) yield Buffer.from([index]);
    }
    const looked: number[] = [];
    const found = await findMouthsWhereNeeded(frames(), async (frame) => {
      looked.push(frame[0]);
      return path(frame[0]);
    });
    return { found, looked };
  }

  it('finds a still face a few times and gives it to every frame', async () => {
    const { found, looked } = await run(42, () => GEOMETRY);
    expect(found).toEqual(Array.from({ length: 42 }, () => GEOMETRY));
    expect(looked.length).toBeLessThanOrEqual(8); // the first frame, then the end and middle of each stretch of 16
  });

  it('interpolates a face moving steadily', async () => {
    const { found, looked } = await run(42, (index) => ({ ...GEOMETRY, x: 200 + 3 * index }));
    found.forEach((mouth, index) => expect(mouth!.x).toBeCloseTo(200 + 3 * index, 6));
    expect(looked.length).toBeLessThanOrEqual(8);
  });

  it('looks at every frame around a sudden move, so the jump lands on the right frame', async () => {
    const { found, looked } = await run(42, (index) => ({ ...GEOMETRY, x: index < 20 ? 300 : 340 }));
    found.forEach((mouth, index) => expect(mouth!.x).toBe(index < 20 ? 300 : 340));
    expect(looked).toEqual(expect.arrayContaining([19, 20]));
    expect(looked.length).toBeLessThan(42);
  });

  it('keeps frames without a face empty and finds the face where it appears', async () => {
    const { found } = await run(42, (index) => (index >= 30 ? GEOMETRY : null));
    found.forEach((mouth, index) => expect(mouth).toEqual(index >= 30 ? GEOMETRY : null));
  });

  it('tells which frames are final after each stretch, and those never change afterwards', async () => {
    async function* frames() {
      for (let index = 0; index < 42; index++) yield Buffer.from([index]);
    }
    const told: { count: number; found: (MouthGeometry | null)[] }[] = [];
    const path = (index: number) => ({ ...GEOMETRY, x: index < 20 ? 300 : 340 });
    const found = await findMouthsWhereNeeded(
      frames(),
      async (frame) => path(frame[0]),
      (settled, count) => told.push({ count, found: settled.slice(0, count) }),
    );
    expect(told.map(({ count }) => count)).toEqual([17, 33, 42]);
    for (const { count, found: settled } of told) expect(settled).toEqual(found.slice(0, count));
  });

  it('handles one frame (a still picture)', async () => {
    expect(await run(1, () => GEOMETRY)).toEqual({ found: [GEOMETRY], looked: [0] });
  });
});
