/**
 * The issue 23 figure: the real-time factor of a 9:16 1080p video with bold captions burned in (in
 * the render's own encode), for a real-face photo (its landmarks found, then kept) and a drawn actor.
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { videoFormat, type VideoFormatId } from '@lipcast/contracts';
import { BUILT_IN_ACTORS, encodeWav, FPS, mouthTrack, renderPhotoTalkingClip, renderTalkingClip, sampleMouths, synthesizeSpeech, type SampledMouths } from '@lipcast/media-engine';
import { buildCues, captionLayout, runFfmpeg, type CaptionBurnIn } from '@lipcast/media-tools';

const FORMAT: VideoFormatId = '9x16-1080p';
const CLIP_SECONDS = 15;
export const FORTY_WORDS =
  'Lipcast turns a few lines of text into a talking video in minutes. Pick an actor, write what they should say, choose a voice ' +
  'and an emotion, and press generate. Share the result anywhere, or keep it private in your history.';

export const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;

/**
 * CPU seconds used so far by this process and its finished children (ffmpeg), from /proc (Linux; 0
 * elsewhere): unlike the wall clock, the same on a busy machine as on a quiet one.
 */
function cpuSeconds(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    // utime, stime, cutime, cstime: fields 14 to 17 of the line, 12 to 15 after the command's name.
    return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
  } catch {
    return 0;
  }
}

/** Wall-clock and CPU seconds of one run. */
export interface Timing {
  wall: number;
  cpu: number;
}

/** Times `render`: wall-clock and CPU seconds. */
export async function timed(render: () => Promise<unknown>): Promise<Timing> {
  const [start, cpu] = [process.hrtime.bigint(), cpuSeconds()];
  await render();
  return { wall: seconds(start), cpu: cpuSeconds() - cpu };
}
/** The landmark package's sample face, cropped from its samples sheet and scaled to `width` x `height`, as a JPEG at `path`. */
export async function writeSamplePhoto(path: string, width: number, height: number): Promise<void> {
  const sheet = join(dirname(require.resolve('@vladmandic/human')), '..', 'assets', 'samples.jpg');
  await runFfmpeg(['-y', '-i', sheet, '-vf', `crop=118:128:130:0,scale=${width}:${height}`, '-q:v', '3', path]);
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A render's real-time factor (wall clock / video length) and its CPU seconds per second of video. */
export interface RenderFigure {
  realTimeFactor: number;
  cpuPerSecond: number;
}

export interface CaptionedVerticalFigures {
  /** A real-face photo, its landmarks found during the render. */
  photoFirst: RenderFigure;
  /** The same photo again, its landmarks kept from the first render. */
  photoCached: RenderFigure;
  /** A built-in drawn actor. */
  drawn: RenderFigure;
  /** The 1-minute load average before and after the runs (the machine may be shared). */
  loadAverage: [number, number];
}

/** The median of `runs` renders of 15 s each (one run on a busy machine says little). */
export async function captionedVerticalFigures(folder: string, runs = 3): Promise<CaptionedVerticalFigures> {
  // The landmark package's sample face, as a photo a phone would take (taller than wide).
  const photo = join(folder, 'captioned-photo.jpg');
  await writeSamplePhoto(photo, 1080, 1172);
  const speech = await synthesizeSpeech({ text: `${FORTY_WORDS} ${FORTY_WORDS}`, voiceId: 'Calm_Woman' });
  const audioPath = join(folder, 'captioned-speech.wav');
  await writeFile(audioPath, encodeWav(speech));
  const track = mouthTrack(speech, FPS, CLIP_SECONDS * 1000);
  const { width, height } = videoFormat(FORMAT);
  const words = speech.words.filter((word) => word.startMs < CLIP_SECONDS * 1000);
  const captions: CaptionBurnIn = { cues: buildCues(words, { maxCharsPerLine: captionLayout(width, height).maxCharsPerLine }), style: 'bold', width, height };
  await sampleMouths(photo, true); // loads the model once, outside the timing
  const loadBefore = loadavg()[0];
  const [first, cached, drawn]: { wall: number; cpu: number }[][] = [[], [], []];
  for (let run = 0; run < runs; run++) {
    let mouths: SampledMouths | undefined;
    first.push(await timed(async () => (mouths = await renderPhotoTalkingClip(photo, track, audioPath, join(folder, 'captioned-photo-1.mp4'), { isImage: true, format: FORMAT, captions }))));
    cached.push(await timed(() => renderPhotoTalkingClip(photo, track, audioPath, join(folder, 'captioned-photo-2.mp4'), { isImage: true, format: FORMAT, captions, mouths })));
    drawn.push(await timed(() => renderTalkingClip(BUILT_IN_ACTORS[0].look, track, audioPath, join(folder, 'captioned-drawn.mp4'), { format: FORMAT, captions })));
  }
  const figure = (times: { wall: number; cpu: number }[]): RenderFigure => ({
    realTimeFactor: median(times.map((time) => time.wall)) / CLIP_SECONDS,
    cpuPerSecond: median(times.map((time) => time.cpu)) / CLIP_SECONDS,
  });
  return { photoFirst: figure(first), photoCached: figure(cached), drawn: figure(drawn), loadAverage: [loadBefore, loadavg()[0]] };
}
