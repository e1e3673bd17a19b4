import { runFfmpeg } from './ffmpeg';
import type { VideoEncoding } from './video-encoder';

/**
 * Splicing one sentence into a spoken video (issue 36, item 5, "fix one sentence"). Times are
 * seconds. The sound is cut in the silences around the old sentence and the new one goes between,
 * with the same silence around it; the picture keeps the old frames outside the new sentence's span
 * and cross-fades into and out of a render of that span, so neither jumps.
 */

/** The sample format every piece is brought to before they are joined (what the speech MP3s are: 48 kHz stereo). */
const JOINED_AUDIO = 'aresample=48000,aformat=sample_fmts=s16:channel_layouts=stereo';

export interface SpeechSplice {
  /** The speech as it is. */
  original: string;
  /** Where the old sentence's part of `original` starts and ends (in the silences around it). */
  cutStart: number;
  cutEnd: number;
  /** The new sentence, spoken alone. */
  replacement: string;
  /** The part of `replacement` that goes in: may start before 0 or end after it (silence there). */
  from: number;
  to: number;
  /** A WAV file (lossless: it is encoded once, where it is kept). */
  out: string;
  signal?: AbortSignal;
}

/** `original` up to `cutStart`, the replacement's `from`..`to`, then `original` from `cutEnd`. */
export async function spliceSpeech(splice: SpeechSplice): Promise<void> {
  const { cutStart, cutEnd, from, to } = splice;
  const lead = Math.max(0, -from);
  const parts = [
    ...(cutStart > 0 ? [`[0:a]atrim=end=${seconds(cutStart)},asetpts=PTS-STARTPTS,${JOINED_AUDIO}[before]`] : []),
    `[1:a]atrim=start=${seconds(Math.max(0, from))}:end=${seconds(to)},asetpts=PTS-STARTPTS,${JOINED_AUDIO},adelay=${Math.round(lead * 1000)}:all=1,apad=whole_dur=${seconds(to - from)},atrim=end=${seconds(to - from)}[sentence]`,
    `[0:a]atrim=start=${seconds(cutEnd)},asetpts=PTS-STARTPTS,${JOINED_AUDIO}[after]`,
  ];
  const labels = parts.map((part) => part.slice(part.lastIndexOf('[')));
  const graph = [...parts, `${labels.join('')}concat=n=${labels.length}:v=0:a=1[speech]`].join(';');
  await runFfmpeg(['-i', splice.original, '-i', splice.replacement, '-filter_complex', graph, '-map', '[speech]', '-c:a', 'pcm_s16le', splice.out], { signal: splice.signal });
}

export interface VideoSplice {
  /** The video as it is. */
  original: string;
  /** Its size and frame rate: the render of the span is brought to them. */
  width: number;
  height: number;
  fps: number;
  /** The render of the new span, starting at `spanStart` of the new video. */
  span: string;
  spanStart: number;
  spanSeconds: number;
  /** Where the original's frames come back after the span (shifted to follow it); null when the span runs to the end. */
  cutEnd: number | null;
  /** The length of each cross-fade, centred on the cut. */
  fadeSeconds: number;
  /** The new video's whole sound. */
  audio: string;
  /** The encoder's settings (the original's: x264, its preset, tune and quality). */
  encoding: Pick<VideoEncoding, 'preset' | 'tune' | 'crf'>;
  /** A Matroska file: H.264 and PCM sound (its sound is made broadcast-ready where it is kept). */
  out: string;
  signal?: AbortSignal;
}

/**
 * The original's frames before the span, cross-faded into the span's render and out of it into the
 * original's frames after, over `fadeSeconds` centred on each cut. The render starts half a fade
 * before the first cut (or at 0) and ends half a fade after the second (or at the end), so the
 * faded frames of both sides show the same moment of the new sound.
 */
export async function spliceVideo(splice: VideoSplice): Promise<void> {
  const { fps, fadeSeconds: fade, spanStart, spanSeconds } = splice;
  const half = fade / 2;
  const same = `fps=${fps},scale=${splice.width}:${splice.height},setsar=1,format=yuv420p,settb=AVTB`;
  const hasBefore = spanStart > 0;
  const parts = [
    `[1:v]trim=end=${seconds(spanSeconds)},setpts=PTS-STARTPTS,${same}[span]`,
    ...(hasBefore ? [`[0:v]trim=end=${seconds(spanStart + fade)},setpts=PTS-STARTPTS,${same}[before]`] : []),
    ...(splice.cutEnd !== null ? [`[0:v]trim=start=${seconds(splice.cutEnd - half)},setpts=PTS-STARTPTS,${same}[after]`] : []),
  ];
  let joined = '[span]';
  if (hasBefore) {
    parts.push(`[before][span]xfade=transition=fade:duration=${seconds(fade)}:offset=${seconds(spanStart)}[joined1]`);
    joined = '[joined1]';
  }
  if (splice.cutEnd !== null) {
    parts.push(`${joined}[after]xfade=transition=fade:duration=${seconds(fade)}:offset=${seconds(spanStart + spanSeconds - fade)}[joined2]`);
    joined = '[joined2]';
  }
  await runFfmpeg(
    [
      ...['-i', splice.original, '-i', splice.span, '-i', splice.audio],
      ...['-filter_complex', parts.join(';'), '-map', joined, '-map', '2:a'],
      ...['-c:v', 'libx264', '-preset', splice.encoding.preset ?? 'veryfast', '-tune', splice.encoding.tune ?? 'animation', '-crf', String(splice.encoding.crf ?? 23), '-profile:v', 'high', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'pcm_s16le', '-shortest', splice.out],
    ],
    { signal: splice.signal },
  );
}

const seconds = (value: number) => value.toFixed(4);
