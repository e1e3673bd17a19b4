import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { runFfmpeg } from '../ffmpeg';
import { probeMedia } from '../probe';
import type { CaptionCue } from './cues';
import { toAss, type CaptionStyle } from './subtitle-files';

/** The font family every burned-in caption uses; its files ship with the project (npm `dejavu-fonts-ttf`). */
export const CAPTION_FONT = 'DejaVu Sans';

/** The folder of the shipped TrueType fonts: libass reads them from here (fontsdir), never from the system's fonts. */
export function captionFontsDir(): string {
  return join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
}

/** A path inside a filter graph's option value: `\`, `'` and `:` are special there. */
const filterPath = (path: string) => path.replace(/[\\':]/g, (char) => `\\${char}`);

export interface BurnCaptions {
  /** The video to caption (any frame size: the layout follows its width and height). */
  videoPath: string;
  cues: readonly CaptionCue[];
  style: CaptionStyle;
  /** The captioned MP4 (H.264 High, yuv420p, the audio copied as it is). */
  out: string;
  signal?: AbortSignal;
}

/**
 * Burns captions into a video: an ASS script laid out for the video's own frame size, drawn by
 * libass with the shipped font, re-encoded like every other Lipcast video (`+faststart`), the sound
 * copied untouched. A video with no cue is copied as it is.
 */
export async function burnCaptions(burn: BurnCaptions): Promise<void> {
  const info = await probeMedia(burn.videoPath);
  if (!info.video?.width || !info.video.height) throw new Error(`${burn.videoPath} has no video to caption`);
  if (burn.cues.length === 0) {
    await runFfmpeg(['-i', burn.videoPath, '-c', 'copy', '-movflags', '+faststart', burn.out], { signal: burn.signal });
    return;
  }
  const script = join(dirname(burn.out), 'captions.ass');
  await writeFile(script, toAss(burn.cues, burn.style, info.video.width, info.video.height));
  await runFfmpeg(
    [
      '-i', burn.videoPath,
      '-vf', `ass=${filterPath(script)}:fontsdir=${filterPath(captionFontsDir())}`,
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-profile:v', 'high', '-pix_fmt', 'yuv420p'],
      ...(info.audio ? ['-c:a', 'copy'] : []),
      ...['-movflags', '+faststart', burn.out],
    ],
    { signal: burn.signal },
  );
}
