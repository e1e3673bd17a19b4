import { HEIGHT, mouthAt, openMouth, WIDTH, type SampledMouths } from './photo-lipsync';

const GEOMETRY = { x: 320, y: 400, width: 80, chinDrop: 70 };

/** A picture with a horizontal gradient, so moved pixels show. */
function picture(): Buffer {
  const frame = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) for (let x = 0; x < WIDTH; x++) frame.fill(y % 256, (y * WIDTH + x) * 3, (y * WIDTH + x) * 3 + 3);
  return frame;
}
const pixel = (frame: Buffer, x: number, y: number) => frame[(y * WIDTH + x) * 3];

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
