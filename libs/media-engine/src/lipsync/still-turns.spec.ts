import { gridChange, lumaGrid, stillestFrame, turnWindows } from './still-turns';

describe('where a ping-pong loop turns', () => {
  it('measures change on a coarse grid of the luma plane', () => {
    const [width, height] = [32, 16];
    const dark = Buffer.alloc(width * height * 1.5, 0);
    const lit = Buffer.from(dark);
    lit.fill(80, 0, width * height); // the luma plane only: the chroma after it is not looked at
    const [a, b] = [lumaGrid(dark, width, height), lumaGrid(lit, width, height)];
    expect(a).toHaveLength(4 * 2);
    expect(gridChange(a, b)).toBe(80);
    expect(gridChange(b, b)).toBe(0);
  });

  it('looks within a second of each end, at most a third of the clip', () => {
    expect(turnWindows(300, 30)).toEqual({ first: [0, 30], last: [270, 300] });
    expect(turnWindows(75, 30)).toEqual({ first: [0, 25], last: [50, 75] });
  });

  it('turns where the change into and out of a frame is least', () => {
    // change[i]: from frame i-1 to frame i; the picture stops moving around frame 7.
    const change = [0, 5, 5, 5, 5, 4, 2, 0.5, 0.4, 3, 5];
    expect(stillestFrame(change, 5, 11, 10)).toBe(7);
  });

  it('takes, among frames nearly as still, the one nearest the end it is preferred at', () => {
    const change = [0, 1, 1, 1, 1, 1, 1, 1];
    expect(stillestFrame(change, 4, 8, 7)).toBe(7);
    expect(stillestFrame(change, 0, 4, 0)).toBe(0);
  });

  it('counts the one change at either end of the clip twice', () => {
    // The last frame's change in is 6, so 12 around it; frame 5 has 1 + 6.
    expect(stillestFrame([0, 9, 9, 9, 9, 1, 6], 4, 7, 6)).toBe(5);
  });
});
