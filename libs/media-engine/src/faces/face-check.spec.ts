import { changedShare, clipMotion, clipTiming, countedFaces, FACE_CHECK_LIMITS, judgeFrame, judgeFrames, NOSE_DEPTH, readPpmFrames, rollOfMesh, yawOfMesh, type AnalysedFace } from './face-check';
import type { HumanFace, Point } from './face-landmarks';

/**
 * A mesh with the points the check reads: a head (face edges W either side, nose tip NOSE_DEPTH·W in
 * front, eyes' outer corners) turned by `yaw` and tilted by `roll` degrees, seen from the front.
 */
function headMesh(yaw: number, roll = 0, centre: [number, number] = [300, 300], halfWidth = 80): Point[] {
  const mesh: Point[] = Array.from({ length: 468 }, () => [centre[0], centre[1], 0]);
  const turn = (yaw * Math.PI) / 180;
  const tilt = (roll * Math.PI) / 180;
  // x across the face, z toward the camera: turned about the vertical axis, then tilted in the picture.
  const place = (index: number, x: number, y: number, z: number) => {
    const turnedX = x * Math.cos(turn) + z * Math.sin(turn);
    mesh[index] = [centre[0] + turnedX * Math.cos(tilt) - y * Math.sin(tilt), centre[1] + turnedX * Math.sin(tilt) + y * Math.cos(tilt), 0];
  };
  place(234, -halfWidth, 0, 0);
  place(454, halfWidth, 0, 0);
  place(1, 0, 10, NOSE_DEPTH * halfWidth);
  place(33, -0.6 * halfWidth, -20, 0.3 * halfWidth);
  place(263, 0.6 * halfWidth, -20, 0.3 * halfWidth);
  return mesh;
}

const face = (changes: Partial<AnalysedFace> = {}): AnalysedFace => ({ box: { x: 0.3, y: 0.2, width: 0.4, height: 0.4 }, sidePixels: 256, score: 0.9, yawDegrees: 0, rollDegrees: 0, ...changes });

describe(yawOfMesh.name, () => {
  it.each([0, 10, -20, 30, 45])('reads a head turned by %d° from the nose between the face edges', (yaw) => {
    expect(yawOfMesh(headMesh(yaw))).toBeCloseTo(yaw, 5);
  });

  it('is independent of the tilt and of where the face is', () => {
    expect(yawOfMesh(headMesh(25, 0, [900, 120], 30))).toBeCloseTo(25, 5);
    expect(Math.abs(yawOfMesh(headMesh(0, 5)))).toBeLessThan(1);
  });
});

describe(rollOfMesh.name, () => {
  it.each([0, 15, -30])('reads a head tilted by %d° from the eyes', (roll) => {
    expect(rollOfMesh(headMesh(0, roll))).toBeCloseTo(roll, 5);
  });
});

describe(judgeFrame.name, () => {
  it('passes one large frontal face', () => {
    expect(judgeFrame([face()], 640, 720)).toBe('ok');
  });

  it('names the first problem: none, several, too small, turned', () => {
    expect(judgeFrame([], 640, 720)).toBe('no-face');
    expect(judgeFrame([face(), face({ yawDegrees: 60 })], 640, 720)).toBe('several-faces');
    expect(judgeFrame([face({ sidePixels: 70, yawDegrees: 60 })], 640, 720)).toBe('face-too-small');
    expect(judgeFrame([face({ sidePixels: 40 })], 300, 300)).toBe('face-too-small');
    expect(judgeFrame([face({ yawDegrees: -36 })], 640, 720)).toBe('head-turned');
    expect(judgeFrame([face({ rollDegrees: 26 })], 640, 720)).toBe('head-turned');
  });

  it('holds the documented thresholds at their edges', () => {
    const side = Math.ceil(FACE_CHECK_LIMITS.minFaceShare * 640);
    expect(judgeFrame([face({ sidePixels: side })], 640, 720)).toBe('ok');
    expect(judgeFrame([face({ sidePixels: side - 1 })], 640, 720)).toBe('face-too-small');
    expect(judgeFrame([face({ yawDegrees: FACE_CHECK_LIMITS.maxYawDegrees, rollDegrees: -FACE_CHECK_LIMITS.maxRollDegrees })], 640, 720)).toBe('ok');
  });
});

describe(judgeFrames.name, () => {
  it('passes a clip when 4 of its 5 samples pass, else names the most common problem', () => {
    expect(judgeFrames(['ok', 'ok', 'head-turned', 'ok', 'ok'])).toBe('ok');
    expect(judgeFrames(['ok', 'head-turned', 'head-turned', 'ok', 'no-face'])).toBe('head-turned');
    expect(judgeFrames(['no-face', 'no-face', 'no-face', 'no-face', 'no-face'])).toBe('no-face');
    expect(judgeFrames([])).toBe('no-face');
  });
});

describe(countedFaces.name, () => {
  const human = (box: [number, number, number, number], yaw = 0): HumanFace => ({ box, score: 0.95, mesh: headMesh(yaw, 0, [box[0] + box[2] / 2, box[1] + box[3] / 2], box[2] / 2) });

  it("maps the square's boxes to fractions of the picture and ignores faces far smaller than the main one", () => {
    // A 1280x720 picture letterboxed into 640x640: scale 0.5, 140 px of black above it.
    const faces = countedFaces([human([20, 150, 30, 30]), human([300, 240, 160, 160], 12)], { width: 1280, height: 720, scale: 0.5, left: 0, top: 140 });
    expect(faces).toHaveLength(1);
    expect(faces[0]).toMatchObject({ box: { x: 0.469, y: 0.278, width: 0.25, height: 0.444 }, sidePixels: 320 });
    expect(faces[0].yawDegrees).toBeCloseTo(12, 0);
  });

  it('counts two faces of similar size', () => {
    expect(countedFaces([human([0, 0, 100, 100]), human([300, 0, 60, 60])], { width: 640, height: 640, scale: 1, left: 0, top: 0 })).toHaveLength(2);
  });
});

describe(clipTiming.name, () => {
  it('takes clips of 1 s to the media limit at 15 to 60 fps', () => {
    expect(clipTiming(3, 25)).toBeNull();
    expect(clipTiming(0.5, 25)).toBe('clip-too-short');
    expect(clipTiming(601, 25)).toBe('clip-too-long');
    expect(clipTiming(3, 8)).toBe('frame-rate');
    expect(clipTiming(3, 120)).toBe('frame-rate');
  });
});

describe(readPpmFrames.name, () => {
  it('reads frames of different sizes from one pipe', () => {
    const frame = (width: number, height: number, value: number) => Buffer.concat([Buffer.from(`P6\n${width} ${height}\n255\n`, 'latin1'), Buffer.alloc(width * height * 3, value)]);
    const frames = readPpmFrames(Buffer.concat([frame(2, 3, 7), frame(4, 1, 9)]));
    expect(frames.map(({ width, height, rgb }) => [width, height, rgb.length, rgb[0]])).toEqual([
      [2, 3, 18, 7],
      [4, 1, 12, 9],
    ]);
  });
});

describe(changedShare.name, () => {
  /** A grey rgb24 frame of 100x50, brighter by `step` inside x 20..39, y 10..29 (the face's box below). */
  const frame = (step = 0) => {
    const rgb = Buffer.alloc(100 * 50 * 3, 100);
    for (let y = 10; y < 30; y++) rgb.fill(100 + step, (y * 100 + 20) * 3, (y * 100 + 40) * 3);
    return { width: 100, height: 50, rgb };
  };
  const face = { x: 0.2, y: 0.2, width: 0.2, height: 0.4 };

  it('counts the pixels whose brightness changed by more than the moving level, in the face or in the whole frame', () => {
    expect(changedShare(frame(), frame(FACE_CHECK_LIMITS.movingLevel + 2), face)).toBe(1);
    expect(changedShare(frame(), frame(FACE_CHECK_LIMITS.movingLevel + 2))).toBeCloseTo(400 / 5000, 6);
    // Encoder noise, under the level, is no change.
    expect(changedShare(frame(), frame(FACE_CHECK_LIMITS.movingLevel - 2), face)).toBe(0);
    expect(changedShare(frame(), { ...frame(), width: 50, height: 100 })).toBe(1);
  });

  it("gives a clip's motion as its samples' largest change, in the earlier sample's face", () => {
    const looked = (step: number) => ({ frame: frame(step), faces: [{ box: face, sidePixels: 20, score: 0.9, yawDegrees: 0, rollDegrees: 0 }] });
    expect(clipMotion([looked(0), looked(0), looked(0)])).toBe(0);
    expect(clipMotion([looked(0), looked(0), looked(40), looked(40)])).toBe(1);
    expect(clipMotion([looked(0)])).toBe(0);
  });
});
