/**
 * The lip-sync score on known cases (issue 36, item 3): one real-face render with its sound moved by
 * -240 to +240 ms (each shift should be found within 40 ms), the same picture with another
 * sentence's sound (low confidence), and the scores of 21 embedded renders, 7 each of a drawn actor,
 * a real-face photo and a creator's own clip. Also what scoring costs against the render it scores.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PORTRAIT_SIZE } from '@lipcast/contracts';
import {
  BUILT_IN_ACTORS,
  encodeWav,
  FPS,
  innerMouthBox,
  makeFaceClip,
  mouthAt,
  mouthTrack,
  renderPhotoTalkingClip,
  renderTalkingClip,
  scoreLipSync,
  scoreRender,
  synthesizeSpeech,
  type SampledMouths,
  type SyncScore,
} from '@lipcast/media-engine';
import { runFfmpeg } from '@lipcast/media-tools';
import { FORTY_WORDS, timed, writeSamplePhoto } from './bench-captions';

export const SHIFTS_MS = [-240, -120, 0, 120, 240] as const;

/** Sentences of a few seconds each, one per render of the distribution. */
const SENTENCES = [
  'Hello there, my name is Sam and I love making videos.',
  'This blender changed my mornings, and it can change yours too.',
  'Three tips for better sleep: no screens, cool room, same time.',
  'Wow, look at this price. I could not believe it either!',
  'Open the app, pick a voice, and press the big blue button.',
  'My favourite pasta takes ten minutes and five ingredients.',
  'Stop scrolling! You need to hear about this amazing deal.',
] as const;

export interface SyncScoreFigures {
  /** The same real-face video with its sound moved by each of SHIFTS_MS: the offset found. */
  shifts: { shiftMs: number; offsetMs: number; confidence: number }[];
  /** The same picture with another sentence's sound. */
  otherSentence: SyncScore;
  /** Scores of the embedded renders, by kind. */
  renders: { drawn: SyncScore[]; photo: SyncScore[]; clip: SyncScore[] };
  /** CPU seconds of scoring the 15 s real-face render from what it collected, of scoring its file, and of the render (landmarks kept). */
  cpu: { score: number; scoreFile: number; render: number };
}

/** `audio` moved `shiftMs` later (silence before it) or earlier (its start cut), as long as before. */
async function shifted(audio: string, shiftMs: number, out: string): Promise<string> {
  const filter = shiftMs >= 0 ? `adelay=${shiftMs}` : `atrim=start=${-shiftMs / 1000},asetpts=PTS-STARTPTS,apad`;
  await runFfmpeg(['-i', audio, '-af', filter, '-t', '15', '-y', out]);
  return out;
}

async function speechFile(text: string, voiceId: string, path: string) {
  const speech = await synthesizeSpeech({ text, voiceId });
  await writeFile(path, encodeWav(speech));
  return { path, track: mouthTrack(speech, FPS) };
}

const frameOf = (width: number, height: number) => ({ width, height, fps: FPS });

export async function syncScoreFigures(folder: string): Promise<SyncScoreFigures> {
  const photo = join(folder, 'sync-photo.jpg');
  await writeSamplePhoto(photo, 640, 720);
  const { width, height } = PORTRAIT_SIZE;
  const photoBox = (mouths: SampledMouths) => (index: number) => innerMouthBox(mouthAt(mouths, index), width, height);

  // One 15 s real-face video, its sound moved.
  const long = await speechFile(`${FORTY_WORDS} ${FORTY_WORDS}`, 'Calm_Woman', join(folder, 'sync-long.wav'));
  const track = long.track.slice(0, 15 * FPS);
  const video = join(folder, 'sync-photo.mp4');
  const mouths = await renderPhotoTalkingClip(photo, track, long.path, video, { isImage: true });
  const scored = { path: video, ...frameOf(width, height), mouthAt: photoBox(mouths) };
  const shifts = [];
  for (const shiftMs of SHIFTS_MS) {
    const score = await scoreLipSync({ ...scored, audioPath: await shifted(long.path, shiftMs, join(folder, `sync-shift${shiftMs}.wav`)) });
    shifts.push({ shiftMs, ...score });
  }
  const other = await speechFile(SENTENCES.join(' '), 'Casual_Guy', join(folder, 'sync-other.wav'));
  const otherSentence = await scoreLipSync({ ...scored, audioPath: other.path });
  // Scoring a render as it is drawn: the patches it collects, then the sound's envelope and the correlation.
  const patches: Uint8Array[] = [];
  const render = (await timed(() => renderPhotoTalkingClip(photo, track, long.path, video, { isImage: true, mouths, mouthPatches: patches }))).cpu;
  const cpu = { score: (await timed(() => scoreRender(patches, FPS, long.path))).cpu, scoreFile: (await timed(() => scoreLipSync(scored))).cpu, render };

  // The distribution: each sentence by a drawn actor, the photo, and the face fixture's own clip (played forward only: the sentences are shorter).
  const clip = await makeFaceClip(folder, { width: 1280, height: 720, fps: FPS, seconds: 6 });
  let clipMouths: SampledMouths | undefined; // found by the first render, kept for the others
  const renders: SyncScoreFigures['renders'] = { drawn: [], photo: [], clip: [] };
  for (const [index, sentence] of SENTENCES.entries()) {
    const speech = await speechFile(sentence, index % 2 ? 'Casual_Guy' : 'Calm_Woman', join(folder, `sync-${index}.wav`));
    const [drawn, talking, own]: Uint8Array[][] = [[], [], []];
    await renderTalkingClip(BUILT_IN_ACTORS[index % BUILT_IN_ACTORS.length].look, speech.track, speech.path, join(folder, `sync-drawn-${index}.mp4`), { mouthPatches: drawn });
    renders.drawn.push(await scoreRender(drawn, FPS, speech.path, 'darkness'));
    await renderPhotoTalkingClip(photo, speech.track, speech.path, join(folder, `sync-photo-${index}.mp4`), { isImage: true, mouths, mouthPatches: talking });
    renders.photo.push(await scoreRender(talking, FPS, speech.path));
    clipMouths = await renderPhotoTalkingClip(clip, speech.track, speech.path, join(folder, `sync-clip-${index}.mp4`), { isImage: false, footage: true, trackFps: FPS, mouths: clipMouths, mouthPatches: own });
    renders.clip.push(await scoreRender(own, FPS, speech.path));
  }
  return { shifts, otherSentence, renders, cpu };
}
