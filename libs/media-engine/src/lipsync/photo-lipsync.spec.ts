import type { MouthGeometry } from '../faces/face-landmarks';
import { findMouthsWhereNeeded, footageFps, footageSize, HEIGHT, mouthAt, mouthBox, openMouth, takeStart, trackAt, WIDTH, type SampledMouths } from './photo-lipsync';

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

describe('the mouth box', () => {
  /** A picture of noise: any pixel moved or painted shows. */
  function noise(): Buffer {
    let seed = 7;
    return Buffer.from(Array.from({ length: (WIDTH * HEIGHT * 3) / 2 }, () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 256));
  }

  it('holds every pixel the mouth changes, the chroma too: all outside it is the source', () => {
    const source = noise();
    const frame = Buffer.from(source);
    const geometry = { x: 321.4, y: 400.7, width: 80, chinDrop: 70 };
    openMouth(frame, source, geometry, { open: 1, width: 1 });
    const box = mouthBox(geometry);
    let changedOutside = 0;
    let changedInside = 0;
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        const inside = x >= box.left && x < box.right && y >= box.top && y < box.bottom;
        const changed = pixel(frame, x, y) !== pixel(source, x, y) || chroma(frame, x, y).join() !== chroma(source, x, y).join();
        if (changed && inside) changedInside++;
        if (changed && !inside) changedOutside++;
      }
    }
    expect(changedOutside).toBe(0);
    expect(changedInside).toBeGreaterThan(1000);
  });

  it('meets the untouched frame without a seam: the change fades to nothing at the sides and the bottom, and nothing folds', () => {
    // Brightness growing down the picture: a pulled-down jaw darkens it, a seam or a fold would show as a step.
    const source = Buffer.alloc((WIDTH * HEIGHT * 3) / 2, 128);
    for (let y = 0; y < HEIGHT; y++) source.fill(Math.round(y / 3), y * WIDTH, (y + 1) * WIDTH);
    const frame = Buffer.from(source);
    openMouth(frame, source, GEOMETRY, { open: 1, width: 0.5 });
    const box = mouthBox(GEOMETRY);
    const change = (x: number, y: number) => Math.abs(pixel(frame, x, y) - pixel(source, x, y));
    for (let y = box.top; y < box.bottom; y++) {
      expect(change(box.left + 4, y)).toBeLessThanOrEqual(1);
      expect(change(box.right - 5, y)).toBeLessThanOrEqual(1);
    }
    for (let x = box.left; x < box.right; x++) expect(change(x, box.bottom - 4)).toBeLessThanOrEqual(1);
    // Beside the opening (its corners at x = 320 ± 40), the skin below the lip line still grows brighter down the column.
    for (const x of [270, 280, 360, 370]) {
      for (let y = GEOMETRY.y + 1; y < box.bottom; y++) expect(pixel(frame, x, y)).toBeGreaterThanOrEqual(pixel(frame, x, y - 1));
    }
  });
});

describe('footage', () => {
  it("keeps a clip's own size, even, within 1920x1080 either way round", () => {
    expect(footageSize({ width: 1280, height: 720 })).toEqual({ width: 1280, height: 720 });
    expect(footageSize({ width: 3840, height: 2160 })).toEqual({ width: 1920, height: 1080 });
    expect(footageSize({ width: 1080, height: 1920 })).toEqual({ width: 1080, height: 1920 });
    expect(footageSize({ width: 2160, height: 3840 })).toEqual({ width: 1080, height: 1920 });
    expect(footageSize({ width: 639, height: 361 })).toEqual({ width: 640, height: 362 });
    expect(footageSize({ width: 1440, height: 1440 })).toEqual({ width: 1080, height: 1080 });
  });

  it('keeps its frame rate, whole, within 15 to 60', () => {
    expect([29.97, 25, 23.976, 60, 120, 8, 0].map(footageFps)).toEqual([30, 25, 24, 60, 60, 15, 25]);
  });

  it("takes the mouth track (25 fps) at each frame's time at another frame rate", () => {
    const track = [0, 0.5, 1, 0.5].map((open) => ({ open, width: 0.5 }));
    expect(trackAt(track, 25, 25, 2).open).toBe(1);
    expect(trackAt(track, 25, 50, 3).open).toBeCloseTo(0.75, 9);
    expect(trackAt(track, 25, 50, 7).open).toBe(0.5);
    expect(trackAt(track, 25, 30, 3).open).toBeCloseTo(0.75, 9); // 0.1 s: between the track's frames 2 and 3
  });
});

describe('landmarks between samples', () => {
  it('interpolates, goes on past the last sample as it was going, and wraps around the clip', () => {
    const mouths: SampledMouths = { version: 1, sampleEvery: 10, period: 20, samples: [{ ...GEOMETRY, x: 300 }, { ...GEOMETRY, x: 340 }] };
    expect(mouthAt(mouths, 5).x).toBeCloseTo(320, 9);
    expect(mouthAt(mouths, 25).x).toBeCloseTo(320, 9);
    expect(mouthAt(mouths, 15).x).toBeCloseTo(360, 9);
  });

  it('passes through every sample on a curve whose speed does not jump at a sample', () => {
    const xs = [300, 310, 330, 335, 320, 300];
    const mouths: SampledMouths = { version: 1, sampleEvery: 6, period: 36, samples: xs.map((x) => ({ ...GEOMETRY, x })) };
    xs.forEach((x, sample) => expect(mouthAt(mouths, sample * 6).x).toBeCloseTo(x, 9));
    // Each frame's step from the one before, across the samples in the middle: it changes a little from frame to frame, never by a jump.
    const steps = Array.from({ length: 18 }, (_, index) => mouthAt(mouths, index + 7).x - mouthAt(mouths, index + 6).x);
    const turns = steps.slice(1).map((step, index) => Math.abs(step - steps[index]));
    expect(Math.max(...turns)).toBeLessThan(1.5);
    // Straight lines between the samples would turn by 2.5 px a frame at sample 2 (3.3 px a frame, then 0.8) and 3.3 at sample 3.
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

  it('tells which frames are final as each part of a stretch is settled, and those never change afterwards', async () => {
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
    // The steady first stretch at once; the second part by part around the jump, before its end (33) is final.
    expect(told.map(({ count }) => count)).toEqual([17, 19, 20, 21, 25, 33, 42]);
    for (const { count, found: settled } of told) expect(settled).toEqual(found.slice(0, count));
  });

  it('tells the first frames of a moving face before the rest of their stretch is looked at', async () => {
    async function* frames() {
      for (let index = 0; index < 17; index++) yield Buffer.from([index]);
    }
    const looked: number[] = [];
    const toldAfter: { count: number; looked: number }[] = [];
    await findMouthsWhereNeeded(
      frames(),
      async (frame) => (looked.push(frame[0]), { ...GEOMETRY, x: 300 + frame[0] ** 2 }),
      (_, count) => toldAfter.push({ count, looked: looked.length }),
    );
    // The first frames are final (and the frames around them can be composited) while the model still has more of the stretch to look at.
    expect(toldAfter[0].count).toBeGreaterThanOrEqual(3);
    expect(toldAfter[0].count).toBeLessThan(17);
    expect(toldAfter[0].looked).toBeLessThan(looked.length);
    expect(toldAfter.at(-1)!.count).toBe(17);
  });

  it('handles one frame (a still picture)', async () => {
    expect(await run(1, () => GEOMETRY)).toEqual({ found: [GEOMETRY], looked: [0] });
  });
});

describe("a take's start in a clip (issue 37, item 3)", () => {
  it('is the first frame for the first take (no seed, or 0), and for a still whatever the seed', () => {
    expect(takeStart(undefined, 250)).toBe(0);
    expect(takeStart(0, 250)).toBe(0);
    expect(takeStart(7, 1)).toBe(0);
  });

  it("is a frame of the clip's first pass that the seed picks: the same for the same seed, another for most others", () => {
    expect(takeStart(7, 250)).toBe(takeStart(7, 250));
    const starts = Array.from({ length: 20 }, (_, index) => takeStart(index + 1, 250));
    for (const start of starts) {
      expect(Number.isInteger(start)).toBe(true);
      expect(start).toBeGreaterThanOrEqual(0);
      expect(start).toBeLessThan(250);
    }
    expect(new Set(starts).size).toBeGreaterThan(15);
    expect(starts.filter((start) => start > 0).length).toBeGreaterThan(15);
  });
});
