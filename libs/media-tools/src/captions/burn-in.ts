import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { runFfmpeg } from '../ffmpeg';
import { probeMedia } from '../probe';
import type { CaptionCue } from './cues';
import { toAss, type CaptionStyle } from './subtitle-files';

/** The folder of the shipped TrueType fonts: libass reads them from here (fontsdir), never from the system's fonts. */
export function captionFontsDir(): string {
  return join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
}

/** A path inside a filter graph's option value: `\`, `'` and `:` are special there. */
const filterPath = (path: string) => path.replace(/[\\':]/g, (char) => `\\${char}`);

/**
 * Captions to burn into a video as it is encoded: the cues as laid out for a `width` x `height`
 * frame (the video's; libass scales the script to the frame it is drawn on) and their style.
 */
export interface CaptionBurnIn {
  cues: readonly CaptionCue[];
  style: CaptionStyle;
  width: number;
  height: number;
}

/**
 * Writes the ASS script of `captions` to `scriptPath` and returns the filter (libass, the shipped
 * font) that draws it: appended to an encoder's filter graph, the captions cost no second encode.
 */
export async function captionsFilter(captions: CaptionBurnIn, scriptPath: string): Promise<string> {
  await writeFile(scriptPath, toAss(captions.cues, captions.style, captions.width, captions.height));
  return `ass=${filterPath(scriptPath)}:fontsdir=${filterPath(captionFontsDir())}`;
}

export interface BurnCaptions extends Pick<CaptionBurnIn, 'cues' | 'style'> {
  /** The video to caption (any frame size: the layout follows its width and height). */
  videoPath: string;
  /** The captioned MP4 (H.264 High, yuv420p, the audio copied as it is). */
  out: string;
  signal?: AbortSignal;
}

/**
 * Burns captions into a finished video in a pass of its own (a video made elsewhere, e.g. a
 * provider's, whose frame size is known only now): an ASS script laid out for the video's own frame
 * size, drawn by libass with the shipped font, re-encoded like every other Lipcast video
 * (`+faststart`), the sound copied untouched. A video with no cue is copied as it is. The embedded
 * engine burns them in its own encode instead (`captionsFilter`).
 */
export async function burnCaptions(burn: BurnCaptions): Promise<void> {
  const info = await probeMedia(burn.videoPath);
  if (!info.video?.width || !info.video.height) throw new Error(`${burn.videoPath} has no video to caption`);
  if (burn.cues.length === 0) {
    await runFfmpeg(['-i', burn.videoPath, '-c', 'copy', '-movflags', '+faststart', burn.out], { signal: burn.signal });
    return;
  }
  const filter = await captionsFilter({ cues: burn.cues, style: burn.style, width: info.video.width, height: info.video.height }, join(dirname(burn.out), 'captions.ass'));
  await runFfmpeg(
    [
      '-i', burn.videoPath,
      '-vf', filter,
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-profile:v', 'high', '-pix_fmt', 'yuv420p'],
      ...(info.audio ? ['-c:a', 'copy'] : []),
      ...['-movflags', '+faststart', burn.out],
    ],
    { signal: burn.signal },
  );
}
