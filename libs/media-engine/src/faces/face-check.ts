import type { FaceCheckReason } from '@lipcast/contracts';
import { checkMediaInput, CLIP_LIMITS, MAX_PIXELS_OPTION, probeMedia, runFfmpeg } from '@lipcast/media-tools';
import { faceModel, facesIn, type HumanFace, type Point } from './face-landmarks';

/**
 * The check before charging: is there exactly one face, large and frontal enough for lip-sync?
 * Thresholds (documented in the README):
 * - a face counts when its box is at least countedFaceShare of the largest face's (a small face far
 *   behind the speaker does not refuse the picture); more than one counted face is "several faces";
 * - the face's box (its larger side) must be at least minFaceShare of the picture's shorter side and
 *   minFacePixels pixels: under that the mouth is a few pixels wide;
 * - the head may be turned (yaw) up to maxYawDegrees and tilted (roll) up to maxRollDegrees (the yaw
 *   estimate reads a few degrees high when the face is cut by the frame's edge: the lip-sync tests'
 *   photo, turned about 23°, reads up to 32° in its zoomed clip);
 * - a clip is sampled at clipSamples frames spread over it and passes when at least
 *   clipPassShare of them do (someone may look away for a moment);
 * - a clip whose samples do not change is a still picture re-encoded as a video ("still-video"): it
 *   moves when, between two consecutive samples, at least minMovingShare of the pixels in the face's
 *   box (the whole frame when no face is found) change their brightness by more than movingLevel (of
 *   255). Measured on the samples (scaled to fit 640 pixels): a still re-encoded at a poor quality
 *   (CRF 36, a keyframe every 5 frames) changes 0.6 % of them, the face fixture's clip (`makeFaceClip`,
 *   a head swaying) 80-85 %, a still's slow zoom (`stillToClip`) 34 %, and the lip-synced mouth alone
 *   moving in a still face (the nearest to someone talking on a tripod) 5 %; a photo is never
 *   refused for it.
 */
export const FACE_CHECK_LIMITS = {
  maxFacesLookedFor: 5,
  countedFaceShare: 0.4,
  minFaceShare: 0.12,
  minFacePixels: 48,
  maxYawDegrees: 35,
  maxRollDegrees: 25,
  clipSamples: 5,
  clipPassShare: 0.8,
  movingLevel: 8,
  minMovingShare: 0.02,
} as const;

/**
 * How far the nose tip stands in front of the face's edges (mesh points 234 and 454), in half face
 * widths, for the yaw estimate: calibrated against Human's own 3D estimate on the sample portraits.
 */
export const NOSE_DEPTH = 2;

// Face-mesh point numbers (MediaPipe's 468-point topology).
const NOSE_TIP = 1;
const FACE_EDGE_LEFT = 234; // on the picture's left in a frontal face
const FACE_EDGE_RIGHT = 454;
const EYE_OUTER_LEFT = 33;
const EYE_OUTER_RIGHT = 263;

/** Frames are analysed letterboxed into a square of this side: the detector squashes whatever it is given into a square. */
const ANALYSIS_SIDE = 640;

export interface AnalysedFace {
  /** The face's box as fractions of the picture's width and height (0..1, from the top left). */
  box: { x: number; y: number; width: number; height: number };
  /** The box's larger side in the picture's pixels. */
  sidePixels: number;
  score: number;
  /** Degrees; positive when the nose points to the picture's right. */
  yawDegrees: number;
  /** Degrees; positive when the picture's right eye is lower. */
  rollDegrees: number;
}

export interface AnalysedFrame {
  atSeconds: number;
  /** The counted faces, largest first. */
  faces: AnalysedFace[];
  verdict: FaceVerdict;
}

/** A face reason, or ok. */
export type FaceVerdict = 'ok' | Extract<FaceCheckReason, 'no-face' | 'several-faces' | 'face-too-small' | 'head-turned' | 'still-video'>;

/** What `analyseFaces` finds in a picture or clip (cacheable per media: it never changes). */
export interface FaceAnalysis {
  version: 1;
  isImage: boolean;
  /** The picture's size as shown (a clip's rotation applied). */
  width: number;
  height: number;
  durationSeconds: number;
  /** 0 for a still picture. */
  fps: number;
  frames: AnalysedFrame[];
  /**
   * The largest share of the face's pixels (0..1) that changed between two consecutive samples of a
   * clip (see FACE_CHECK_LIMITS.minMovingShare); null for a still picture.
   */
  motion: number | null;
  /** The faces' verdict (the whole clip's, by its samples), then whether the clip moves at all. */
  verdict: FaceVerdict;
  /** The timing's verdict for a clip (length and frame rate, CLIP_LIMITS); null when they fit or for a still. */
  timing: Extract<FaceCheckReason, 'clip-too-short' | 'clip-too-long' | 'frame-rate'> | null;
}

const degrees = (radians: number) => (radians * 180) / Math.PI;

/**
 * The head's yaw from the mesh's symmetry: the nose tip lies midway between the face's edges when the
 * face is frontal and moves toward one edge as the head turns. With the edges W either side of the
 * face's centre and the nose tip NOSE_DEPTH·W in front, a turn by θ puts the nose at an asymmetry
 * (left - right) / (left + right) = NOSE_DEPTH · tan θ.
 */
export function yawOfMesh(mesh: readonly Point[]): number {
  const nose = mesh[NOSE_TIP][0];
  const toLeft = nose - mesh[FACE_EDGE_LEFT][0];
  const toRight = mesh[FACE_EDGE_RIGHT][0] - nose;
  if (toLeft + toRight <= 0) return 90;
  return degrees(Math.atan((toLeft - toRight) / (toLeft + toRight) / NOSE_DEPTH));
}

/** The head's roll: the slope of the line through the eyes' outer corners. */
export function rollOfMesh(mesh: readonly Point[]): number {
  const [left, right] = [mesh[EYE_OUTER_LEFT], mesh[EYE_OUTER_RIGHT]];
  return degrees(Math.atan2(right[1] - left[1], right[0] - left[0]));
}

/** One frame's verdict: the first of no face, several faces, too small, turned that applies. */
export function judgeFrame(faces: readonly AnalysedFace[], width: number, height: number): FaceVerdict {
  if (faces.length === 0) return 'no-face';
  if (faces.length > 1) return 'several-faces';
  const [face] = faces;
  if (face.sidePixels < FACE_CHECK_LIMITS.minFacePixels || face.sidePixels < FACE_CHECK_LIMITS.minFaceShare * Math.min(width, height)) return 'face-too-small';
  if (Math.abs(face.yawDegrees) > FACE_CHECK_LIMITS.maxYawDegrees || Math.abs(face.rollDegrees) > FACE_CHECK_LIMITS.maxRollDegrees) return 'head-turned';
  return 'ok';
}

const VERDICT_ORDER: FaceVerdict[] = ['no-face', 'several-faces', 'face-too-small', 'head-turned'];

/** A clip's verdict: ok when at least CLIP_PASS_SHARE of its samples are, else its samples' most common failure. */
export function judgeFrames(verdicts: readonly FaceVerdict[]): FaceVerdict {
  if (verdicts.length === 0) return 'no-face';
  const passed = verdicts.filter((verdict) => verdict === 'ok').length;
  if (passed >= Math.ceil(FACE_CHECK_LIMITS.clipPassShare * verdicts.length)) return 'ok';
  const count = (verdict: FaceVerdict) => verdicts.filter((each) => each === verdict).length;
  return VERDICT_ORDER.reduce((worst, verdict) => (count(verdict) > count(worst) ? verdict : worst));
}

/** The faces counted in one frame (largest first), from Human's faces in the letterboxed square. */
export function countedFaces(found: readonly HumanFace[], frame: { width: number; height: number; scale: number; left: number; top: number }): AnalysedFace[] {
  const faces = found
    .filter((face) => face.mesh.length >= 468)
    .map((face): AnalysedFace => {
      const [x, y, boxWidth, boxHeight] = face.box;
      const toPicture = (value: number) => value / frame.scale;
      return {
        box: {
          x: round(toPicture(x - frame.left) / frame.width),
          y: round(toPicture(y - frame.top) / frame.height),
          width: round(toPicture(boxWidth) / frame.width),
          height: round(toPicture(boxHeight) / frame.height),
        },
        sidePixels: Math.round(toPicture(Math.max(boxWidth, boxHeight))),
        score: round(face.score),
        yawDegrees: Math.round(yawOfMesh(face.mesh) * 10) / 10,
        rollDegrees: Math.round(rollOfMesh(face.mesh) * 10) / 10,
      };
    })
    .sort((a, b) => b.sidePixels - a.sidePixels);
  const largest = faces[0]?.sidePixels ?? 0;
  return faces.filter((face) => face.sidePixels >= FACE_CHECK_LIMITS.countedFaceShare * largest);
}

const round = (value: number) => Math.round(value * 1000) / 1000;

export interface DecodedFrame {
  width: number;
  height: number;
  rgb: Buffer;
}

/** Frames of ffmpeg's `ppm` pipe: each carries its own size, so a clip's rotation needs no guessing. */
export function readPpmFrames(bytes: Buffer): DecodedFrame[] {
  const frames: DecodedFrame[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(bytes.toString('latin1', offset, offset + 40));
    if (!header) break;
    const [width, height] = [Number(header[1]), Number(header[2])];
    const start = offset + header[0].length;
    const end = start + width * height * 3;
    if (end > bytes.length) break;
    frames.push({ width, height, rgb: bytes.subarray(start, end) });
    offset = end;
  }
  return frames;
}

/** A frame letterboxed into the analysis square (black around it), with where it lies in the square. */
function letterbox(frame: DecodedFrame) {
  const side = Math.max(frame.width, frame.height);
  const left = Math.floor((side - frame.width) / 2);
  const top = Math.floor((side - frame.height) / 2);
  const square = Buffer.alloc(side * side * 3);
  for (let row = 0; row < frame.height; row++) frame.rgb.copy(square, ((top + row) * side + left) * 3, row * frame.width * 3, (row + 1) * frame.width * 3);
  return { square, side, left, top };
}

type FaceModel = Awaited<ReturnType<typeof faceModel>>;

/** Human's faces in a square region of the letterboxed frame (the region's top left and side), in the square's pixels. */
async function detectIn(model: FaceModel, square: Buffer, side: number, region: { x: number; y: number; side: number }): Promise<HumanFace[]> {
  const pixels = region.side === side ? square : Buffer.alloc(region.side * region.side * 3);
  if (pixels !== square) {
    for (let row = 0; row < region.side; row++) square.copy(pixels, row * region.side * 3, ((region.y + row) * side + region.x) * 3, ((region.y + row) * side + region.x + region.side) * 3);
  }
  const faces = await facesIn(model, pixels, region.side, region.side);
  return faces.map((face) => ({
    ...face,
    box: [face.box[0] + region.x, face.box[1] + region.y, face.box[2], face.box[3]],
    mesh: face.mesh.map(([x, y, z]): Point => [x + region.x, y + region.y, z]),
  }));
}

/**
 * The faces in the letterboxed frame. The detector sees its input at 256 pixels, so a face under about
 * a tenth of the frame's longer side is missed: when none is found in the whole frame, it is looked for
 * again in a 3 x 3 grid of overlapping half-size tiles (a small face is reported as such, not as none).
 */
async function detectFaces(model: FaceModel, square: Buffer, side: number): Promise<HumanFace[]> {
  // A picture smaller than the smallest face the check takes has none to find.
  if (side < FACE_CHECK_LIMITS.minFacePixels) return [];
  const whole = await detectIn(model, square, side, { x: 0, y: 0, side });
  if (whole.length > 0) return whole;
  const tile = Math.floor(side / 2);
  const found: HumanFace[] = [];
  for (const y of [0, Math.floor(side / 4), side - tile]) {
    for (const x of [0, Math.floor(side / 4), side - tile]) {
      for (const face of await detectIn(model, square, side, { x, y, side: tile })) {
        // Tiles overlap: a face seen in two is counted once.
        if (!found.some((known) => overlap(known.box, face.box) > 0.3)) found.push(face);
      }
    }
  }
  return found;
}

/** Intersection over union of two [x, y, width, height] boxes. */
function overlap(a: HumanFace['box'], b: HumanFace['box']): number {
  const width = Math.max(0, Math.min(a[0] + a[2], b[0] + b[2]) - Math.max(a[0], b[0]));
  const height = Math.max(0, Math.min(a[1] + a[3], b[1] + b[3]) - Math.max(a[1], b[1]));
  const shared = width * height;
  return shared / (a[2] * a[3] + b[2] * b[3] - shared);
}

/**
 * Samples of the picture (its one frame) or clip (CLIP_SAMPLES frames spread over it), each scaled
 * to fit in ANALYSIS_SIDE. A clip's frames are each reached by seeking (`-ss` before the input), so a
 * long clip costs no more than a short one.
 */
async function sampleFrames(path: string, isImage: boolean, durationSeconds: number, signal?: AbortSignal): Promise<{ atSeconds: number; frame: DecodedFrame }[]> {
  const fit = `scale=${ANALYSIS_SIDE}:${ANALYSIS_SIDE}:force_original_aspect_ratio=decrease`;
  const frameAt = async (seconds: number | null) => {
    const seek = seconds === null ? [] : ['-ss', seconds.toFixed(3)];
    const bytes = await runFfmpeg([...seek, ...MAX_PIXELS_OPTION, '-i', path, '-vf', fit, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'ppm', 'pipe:1'], { captureOutput: true, signal });
    return readPpmFrames(bytes)[0];
  };
  if (isImage || durationSeconds <= 0) {
    const frame = await frameAt(null);
    return frame ? [{ atSeconds: 0, frame }] : [];
  }
  const samples: { atSeconds: number; frame: DecodedFrame }[] = [];
  for (let index = 0; index < FACE_CHECK_LIMITS.clipSamples; index++) {
    const atSeconds = round(((index + 0.5) * durationSeconds) / FACE_CHECK_LIMITS.clipSamples);
    const frame = await frameAt(atSeconds);
    if (frame) samples.push({ atSeconds, frame });
  }
  return samples;
}

/**
 * The share of pixels (0..1) inside `box` (fractions of the frame; all of it when absent) whose
 * brightness differs by more than FACE_CHECK_LIMITS.movingLevel between two frames of the same size
 * (1 when their sizes differ: the picture changed).
 */
export function changedShare(a: DecodedFrame, b: DecodedFrame, box: AnalysedFace['box'] = { x: 0, y: 0, width: 1, height: 1 }): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  const left = Math.max(0, Math.round(box.x * a.width));
  const top = Math.max(0, Math.round(box.y * a.height));
  const right = Math.min(a.width, Math.round((box.x + box.width) * a.width));
  const bottom = Math.min(a.height, Math.round((box.y + box.height) * a.height));
  // Luma in integers (BT.601 weights in 256ths), from the rgb24 frames the detector reads.
  const luma = (rgb: Buffer, at: number) => (77 * rgb[at] + 150 * rgb[at + 1] + 29 * rgb[at + 2]) >> 8;
  let changed = 0;
  for (let y = top; y < bottom; y++) {
    for (let x = left; x < right; x++) {
      const at = (y * a.width + x) * 3;
      if (Math.abs(luma(a.rgb, at) - luma(b.rgb, at)) > FACE_CHECK_LIMITS.movingLevel) changed++;
    }
  }
  const pixels = (right - left) * (bottom - top);
  return pixels > 0 ? changed / pixels : 0;
}

/** How much a clip moves: the largest changed share of the face's box between consecutive samples (its box in the earlier one). */
export function clipMotion(samples: readonly { frame: DecodedFrame; faces: readonly AnalysedFace[] }[]): number {
  let motion = 0;
  for (let index = 1; index < samples.length; index++) {
    const before = samples[index - 1];
    motion = Math.max(motion, changedShare(before.frame, samples[index].frame, before.faces[0]?.box));
  }
  return motion;
}

/**
 * Finds the faces in a picture or clip (after the media limits' check): their number, each one's box
 * relative to the frame, yaw and roll, per sampled frame, and the verdicts of the check before
 * charging. A reusable description of where the face is (e.g. to frame a video around it).
 */
export async function analyseFaces(path: string, options: { isImage: boolean; signal?: AbortSignal }): Promise<FaceAnalysis> {
  const { isImage, signal } = options;
  const input = await checkMediaInput(path, signal);
  const fps = isImage ? 0 : ((await probeMedia(path)).video?.fps ?? 0);
  const samples = await sampleFrames(path, isImage, input.durationSeconds, signal);
  const model = await faceModel(FACE_CHECK_LIMITS.maxFacesLookedFor);
  const frames: AnalysedFrame[] = [];
  const looked: { frame: DecodedFrame; faces: AnalysedFace[] }[] = [];
  let shown = { width: input.width, height: input.height };
  for (const { atSeconds, frame } of samples) {
    signal?.throwIfAborted();
    const { square, side, left, top } = letterbox(frame);
    // The decoded frame is the picture scaled to fit the analysis square; sizes are given in the picture's own pixels.
    const scale = Math.max(frame.width, frame.height) / Math.max(input.width, input.height);
    shown = { width: Math.round(frame.width / scale), height: Math.round(frame.height / scale) };
    const found = await detectFaces(model, square, side);
    const faces = countedFaces(found, { width: shown.width, height: shown.height, scale, left, top });
    frames.push({ atSeconds, faces, verdict: judgeFrame(faces, shown.width, shown.height) });
    looked.push({ frame, faces });
  }
  const motion = isImage ? null : clipMotion(looked);
  const faceVerdict = isImage ? (frames[0]?.verdict ?? 'no-face') : judgeFrames(frames.map((frame) => frame.verdict));
  return {
    version: 1,
    isImage,
    ...shown,
    durationSeconds: input.durationSeconds,
    fps,
    frames,
    motion,
    // A clip whose faces pass but that does not move is a still picture re-encoded as a video.
    verdict: faceVerdict === 'ok' && motion !== null && motion < FACE_CHECK_LIMITS.minMovingShare ? 'still-video' : faceVerdict,
    timing: isImage ? null : clipTiming(input.durationSeconds, fps),
  };
}

/** A clip's length and frame rate against CLIP_LIMITS: null when they fit. */
export function clipTiming(durationSeconds: number, fps: number): FaceAnalysis['timing'] {
  if (durationSeconds < CLIP_LIMITS.minDurationSeconds) return 'clip-too-short';
  if (durationSeconds > CLIP_LIMITS.maxDurationSeconds) return 'clip-too-long';
  if (fps < CLIP_LIMITS.minFps || fps > CLIP_LIMITS.maxFps) return 'frame-rate';
  return null;
}
