import { dirname, join } from 'node:path';
import { runFfmpeg } from '@lipcast/media-tools';

/** The sample sheet that ships with the landmark package: the only real faces in the repository. */
const sheet = () => join(dirname(require.resolve('@vladmandic/human')), '..', 'assets', 'samples.jpg');

/** Crops of the sheet: a woman (turned about 25°, the lip-sync tests' photo) and a man facing the camera. */
const WOMAN = 'crop=118:128:130:0,scale=640:720';
const MAN = 'crop=216:140:290:0,scale=640:416';

export type FaceFixture = 'woman' | 'man' | 'noFace' | 'twoFaces' | 'tinyFace';

/**
 * For tests: pictures for the face check, made with ffmpeg in `folder` (JPEG): a good photo of
 * each crop, a plain gradient (no face), the woman twice side by side (two faces) and the man
 * scaled down on a large grey canvas (a face too small).
 */
export async function makeFaceFixture(folder: string, fixture: FaceFixture): Promise<string> {
  const out = join(folder, `${fixture}.jpg`);
  const still = ['-frames:v', '1', '-q:v', '3', '-y', out];
  if (fixture === 'woman') await runFfmpeg(['-i', sheet(), '-vf', WOMAN, ...still]);
  else if (fixture === 'man') await runFfmpeg(['-i', sheet(), '-vf', MAN, ...still]);
  else if (fixture === 'noFace') await runFfmpeg(['-f', 'lavfi', '-i', "nullsrc=s=640x720,geq=r='X/3':g='Y/3':b='128'", ...still]);
  else if (fixture === 'twoFaces') await runFfmpeg(['-i', sheet(), '-filter_complex', `[0]${WOMAN},split[a][b];[a][b]hstack`, ...still]);
  else await runFfmpeg(['-i', sheet(), '-vf', `${MAN},scale=200:-2,pad=1280:832:(ow-iw)/2:(oh-ih)/2:color=gray`, ...still]);
  return out;
}

export interface FaceClipOptions {
  /** 1280x720 unless said; any even size (the man's picture is cut to its shape around his face). */
  width?: number;
  height?: number;
  fps?: number;
  seconds?: number;
  /** A plain still re-encoded as video (what the face check refuses as `still-video`), instead of the swaying head. */
  still?: boolean;
}

/** The man's picture in the sheet (its left, top, width, height) and his mouth's column in it. */
const MAN_PICTURE = { left: 327, top: 0, width: 216, height: 124, faceX: 445 };

/**
 * For tests and the bench: a creator's own clip, an MP4 of the man (he faces the camera) with
 * synthetic head motion: the picture zooms in and out and sways sideways and up and down on
 * incommensurate periods (3.1, 2.3 and 1.7 s), so no two frames of a pass are alike and a frame's
 * place in the clip can be told from its picture. H.264 with a keyframe every second, as phones
 * write. `still` makes the same picture not moving at all, re-encoded as a video.
 */
export async function makeFaceClip(folder: string, options: FaceClipOptions = {}): Promise<string> {
  const { width = 1280, height = 720, fps = 25, seconds = 4, still = false } = options;
  const frames = Math.round(seconds * fps);
  const out = join(folder, `man-${still ? 'still' : 'moving'}-${width}x${height}-${fps}fps-${seconds}s.mp4`);
  // The part of the man's picture with the clip's shape, around his face.
  const aspect = width / height;
  const cropWidth = Math.min(MAN_PICTURE.width, Math.round(MAN_PICTURE.height * aspect));
  const cropHeight = Math.min(MAN_PICTURE.height, Math.round(cropWidth / aspect));
  const cropLeft = Math.round(Math.min(MAN_PICTURE.left + MAN_PICTURE.width - cropWidth, Math.max(MAN_PICTURE.left, MAN_PICTURE.faceX - cropWidth / 2)));
  const crop = `crop=${cropWidth}:${cropHeight}:${cropLeft}:${MAN_PICTURE.top}`;
  // Scaled to twice the clip's size first, so the zoom's whole-pixel steps stay invisible (as stillToClip does).
  const moving = [
    `${crop},scale=${width * 2}:${height * 2}`,
    `zoompan=z='1.08+0.03*sin(2*PI*on/${(fps * 3.1).toFixed(2)})'` +
      `:x='(iw-iw/zoom)*(0.5+0.4*sin(2*PI*on/${(fps * 2.3).toFixed(2)}+0.7))'` +
      `:y='(ih-ih/zoom)*(0.3+0.25*sin(2*PI*on/${(fps * 1.7).toFixed(2)}))'` +
      `:d=${frames}:s=${width}x${height}:fps=${fps}`,
    'setsar=1',
  ].join(',');
  const input = still ? ['-loop', '1', '-framerate', String(fps), '-i', sheet(), '-vf', `${crop},scale=${width}:${height},setsar=1,format=yuv420p`] : ['-i', sheet(), '-vf', `${moving},format=yuv420p`];
  await runFfmpeg([...input, '-frames:v', String(frames), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-g', String(fps), '-movflags', '+faststart', '-y', out]);
  return out;
}
