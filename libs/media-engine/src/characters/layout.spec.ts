import { VIDEO_FORMAT_IDS, VIDEO_FORMATS } from '@lipcast/contracts';
import { characterLayout, FACE, HEIGHT, WIDTH } from './portrait-svg';

describe(characterLayout.name, () => {
  it('is the canvas itself in the portrait card', () => {
    expect(characterLayout({ width: WIDTH, height: HEIGHT })).toEqual({ scale: 1, left: 0, top: 0 });
  });

  it('draws the character larger in larger frames: 2.25 times in 1080x1920, 1.5 times in 1920x1080', () => {
    expect(characterLayout(VIDEO_FORMATS['9x16-1080p']).scale).toBe(2.25);
    expect(characterLayout(VIDEO_FORMATS['16x9-1080p']).scale).toBe(1.5);
  });

  it.each(VIDEO_FORMAT_IDS)('stands the character on the bottom edge of %s with its face in the middle', (format) => {
    const size = VIDEO_FORMATS[format];
    const { scale, left, top } = characterLayout(size);
    expect(top + HEIGHT * scale).toBeCloseTo(size.height, 0);
    expect(Math.abs(left + FACE.mouth.x * scale - size.width / 2)).toBeLessThanOrEqual(1);
    expect(top + FACE.mouth.y * scale).toBeGreaterThan(0);
  });
});
