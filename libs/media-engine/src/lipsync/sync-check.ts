import { MAX_PIXELS_OPTION, runFfmpeg } from '@lipcast/media-tools';
import { findMouth } from '../faces/face-landmarks';
import { decodedFrames, findMouthsWhereNeeded, FPS, HEIGHT, mouthAt, NoFaceError, PORTRAIT_CARD_FIT, type SampledMouths, WIDTH } from './photo-lipsync';
import { estimateSync, innerMouthBox, mouthPatch, type MouthReading, openingsOf, type PixelBox, speechEnvelope, type SyncScore } from './sync-score';

/** The sound is scored at this rate, mono: loudness needs no more. */
const AUDIO_RATE = 16_000;
/** Frames wider than this are looked at halved (a mouth stays tens of pixels wide; decoding and reading cost a quarter). */
const HALVE_ABOVE_WIDTH = 720;

export interface VideoToScore {
  path: string;
  width: number;
  height: number;
  fps: number;
  /** Where the lips part in frame `index`, in the video's pixels (`innerMouthBox` of a real face's landmarks). */
  mouthAt: (index: number) => PixelBox;
  /** How the opening is read: `change` (any face) unless said; `darkness` for our drawn actors. */
  reading?: MouthReading;
  /** The sound to score the picture against, when not the video's own (the benchmark's shifted copies). */
  audioPath?: string;
  signal?: AbortSignal;
}

/**
 * Scores a finished video's lip-sync (`estimateSync`): its sound's loudness against how far the
 * mouth is from its usual look in each frame (`openingsOf`). Reads the file once for each (luma only, streamed).
 */
export async function scoreLipSync(video: VideoToScore): Promise<SyncScore> {
  const { signal } = video;
  const halve = video.width > HALVE_ABOVE_WIDTH ? 2 : 1;
  const [width, height] = [Math.floor(video.width / halve), Math.floor(video.height / halve)];
  const args = [...MAX_PIXELS_OPTION, '-i', video.path, '-an', '-vf', `scale=${width}:${height}`, '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'];
  const patches: Uint8Array[] = [];
  for await (const frame of decodedFrames(args, width * height, { reuseBuffer: true, signal })) {
    const box = video.mouthAt(patches.length);
    patches.push(mouthPatch(frame, width, { left: box.left / halve, top: box.top / halve, right: box.right / halve, bottom: box.bottom / halve }));
  }
  return estimateSync(openingsOf(patches, video.reading), video.fps, await envelopeOf(video.audioPath ?? video.path, signal));
}

/** A provider's file is looked at for its mouth on every this-many frames (at 25 fps), as the portrait card's render looks at a clip. */
const FILE_SAMPLE_EVERY = 12;
/**
 * The landmarks are found in the card's frame at half its size: the model's detector works at 256 x
 * 256 and its mesh at 192 x 192 whatever the input, and the card's face stays wider than that. A
 * third less CPU per frame (99 ms against 69 without a face, 130 against 89 with one, here); the
 * mouth found within 2 px of where the full frame puts it.
 */
const LANDMARK_SCALE = 2;

/**
 * The mouth in a provider's file, fitted to the portrait card, found on every FILE_SAMPLE_EVERY-th
 * frame (the model only where the face moves: `findMouthsWhereNeeded`). Read straight from the file:
 * the decoder's own checks stand for a probe. Throws NoFaceError when no face is found.
 */
async function fileMouths(path: string, signal?: AbortSignal): Promise<SampledMouths> {
  const [width, height] = [WIDTH / LANDMARK_SCALE, HEIGHT / LANDMARK_SCALE];
  const select = `select='not(mod(n\\,${FILE_SAMPLE_EVERY}))'`;
  const fit = [...PORTRAIT_CARD_FIT, `scale=${width}:${height}`];
  const args = [...MAX_PIXELS_OPTION, '-i', path, '-an', '-vf', [`fps=${FPS}`, select, ...fit].join(','), '-vsync', '0', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'];
  const found = await findMouthsWhereNeeded(decodedFrames(args, width * height * 3, { signal }), async (frame) => {
    signal?.throwIfAborted();
    const mouth = await findMouth(frame, width, height);
    return mouth && { x: mouth.x * LANDMARK_SCALE, y: mouth.y * LANDMARK_SCALE, width: mouth.width * LANDMARK_SCALE, chinDrop: mouth.chinDrop * LANDMARK_SCALE };
  });
  // An abort stops the decoder, which ends the frames early: a cut-short pass is no result.
  signal?.throwIfAborted();
  const first = found.find(Boolean);
  if (!first) throw new NoFaceError('No face was found in this video.');
  // A frame where the face was missed takes the nearest earlier one (or the first found).
  let last = first;
  const samples = found.map((mouth) => (last = mouth ?? last));
  // One pass, never looped: past the last sample the mouth goes on as it was going (`mouthAt`).
  return { version: 1, sampleEvery: FILE_SAMPLE_EVERY, period: Number.MAX_SAFE_INTEGER, samples };
}

/**
 * Scores any provider's lip-synced video, knowing nothing of how it was made: its mouth is found as
 * the portrait card's render finds a clip's (`fileMouths`, in the picture fitted to the card), and
 * read in the same fitted frames. Throws NoFaceError when no face is found.
 */
export async function scoreVideoFile(path: string, signal?: AbortSignal): Promise<SyncScore> {
  const mouths = await fileMouths(path, signal);
  const args = [...MAX_PIXELS_OPTION, '-i', path, '-an', '-vf', [...PORTRAIT_CARD_FIT, `fps=${FPS}`].join(','), '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'];
  const patches: Uint8Array[] = [];
  for await (const frame of decodedFrames(args, WIDTH * HEIGHT, { reuseBuffer: true, signal })) patches.push(mouthPatch(frame, WIDTH, innerMouthBox(mouthAt(mouths, patches.length), WIDTH, HEIGHT)));
  return scoreRender(patches, FPS, path, 'change', signal);
}

/**
 * Scores a render of our engine from the mouth patches it collected as it drew each frame
 * (`mouthPatches` of its options) and its sound: the video is not decoded again.
 */
export async function scoreRender(patches: readonly Uint8Array[], fps: number, audioPath: string, reading: MouthReading = 'change', signal?: AbortSignal): Promise<SyncScore> {
  return estimateSync(openingsOf(patches, reading), fps, await envelopeOf(audioPath, signal));
}

/** The loudness envelope of a file's sound (`speechEnvelope`), decoded mono at AUDIO_RATE. */
async function envelopeOf(path: string, signal?: AbortSignal): Promise<Float64Array> {
  const pcm = await runFfmpeg(['-i', path, '-vn', '-ac', '1', '-ar', String(AUDIO_RATE), '-f', 's16le', 'pipe:1'], { captureOutput: true, signal });
  // Copied out: the captured buffer may start at an odd byte, where no Int16Array can.
  const samples = new Int16Array(pcm.length >> 1);
  for (let index = 0; index < samples.length; index++) samples[index] = pcm.readInt16LE(index * 2);
  return speechEnvelope(samples, AUDIO_RATE);
}
