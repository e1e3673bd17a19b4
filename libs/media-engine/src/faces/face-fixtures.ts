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
