import { faceFraming } from './framing';

describe('framing a picture in a format around its face', () => {
  it('crops a wide picture to the frame, the face in the middle', () => {
    const framing = faceFraming({ width: 2560, height: 1440 }, { width: 720, height: 1280 }, { x: 0.4, y: 0.4 });
    // Scaled to 2276x1280; the face at 910: the window 550..1270.
    expect(framing).toMatchObject({ decode: ['scale=2276:1280', 'crop=720:1280:550:0', 'setsar=1'], working: { width: 720, height: 1280 }, fill: null });
    expect(framing.face.x).toBeCloseTo(360, 0);
  });

  it('puts a narrower picture over the blurred fill, its face in the middle of the frame', () => {
    const framing = faceFraming({ width: 640, height: 720 }, { width: 1280, height: 720 }, { x: 0.25, y: 0.5 });
    expect(framing.decode).toEqual(['scale=640:720', 'setsar=1']);
    expect(framing.working).toEqual({ width: 640, height: 720 });
    // The face at 160 of the picture lands at 640 of the frame: the picture placed at 480.
    expect(framing.fill).toContain('[back][front]overlay=480:0');
    expect(framing.fill).toContain('scale=1280:720');
  });

  it('keeps a face near the edge of a wide picture in the middle: what the picture lacks is fill', () => {
    const framing = faceFraming({ width: 1400, height: 720 }, { width: 1280, height: 720 }, { x: 0.2, y: 0.5 });
    // The face at 280: the window -360..920 holds 0..920 of the picture, placed at 360.
    expect(framing.decode).toEqual(['scale=1400:720', 'crop=920:720:0:0', 'setsar=1']);
    expect(framing.fill).toContain('[back][front]overlay=360:0');
  });

  it('crops the middle when no face is known', () => {
    expect(faceFraming({ width: 1600, height: 900 }, { width: 720, height: 720 }).decode).toEqual(['scale=1280:720', 'crop=720:720:280:0', 'setsar=1']);
  });
});

describe('framing a source lower than the frame', () => {
  it('works at the source height and scales to the frame in the fill graph', () => {
    // A 640x720 portrait into 1080x1920: the frame at 720 high is 406 wide; the face in the middle of the picture.
    const framing = faceFraming({ width: 640, height: 720 }, { width: 1080, height: 1920 }, { x: 0.5, y: 0.4 });
    expect(framing.working).toEqual({ width: 406, height: 720 });
    expect(framing.decode).toEqual(['scale=640:720', 'crop=406:720:117:0', 'setsar=1']);
    expect(framing.fill).toBe('scale=1080:1920,setsar=1');
    expect(framing.face.x).toBeCloseTo(203, 0);
  });

  it('scales the picture up over a fill made at the frame size, the face still in the middle', () => {
    // 640x720 into 1920x1080: worked on at 720 high (1280 wide), all 640 of it, placed so its face (x 160) lands at 960 of 1920.
    const framing = faceFraming({ width: 640, height: 720 }, { width: 1920, height: 1080 }, { x: 0.25, y: 0.5 });
    expect(framing.working).toEqual({ width: 640, height: 720 });
    expect(framing.fill).toContain('[front]scale=960:1080,setsar=1[scaled]');
    expect(framing.fill).toContain('[back][scaled]overlay=720:0');
  });
});
