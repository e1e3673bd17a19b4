import { rm } from 'node:fs/promises';
import { runFfmpeg } from '../../engine/media/ffmpeg';

/** H.264 settings that play in Chromium (see STACK.md). */
const BROWSER_VIDEO = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p', '-profile:v', 'high', '-movflags', '+faststart'];

/** Seconds of audio, by decoding it (the bundled ffmpeg has no ffprobe). */
export async function audioDurationSeconds(path: string): Promise<number> {
  const samples = await runFfmpeg(['-i', path, '-vn', '-ac', '1', '-ar', '8000', '-f', 's16le', 'pipe:1'], { captureOutput: true });
  return samples.length / 2 / 8000;
}

/** Scales the image to cover width x height and crops the middle: exactly the requested size, as PNG. */
export async function coverImage(source: string, target: string, width: number, height: number): Promise<void> {
  await runFfmpeg(['-i', source, '-vf', `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height}`, '-frames:v', '1', target]);
}

/**
 * The clip played forward then backward, repeated to exactly `seconds` at 25 fps, without audio: the
 * person keeps moving with no jump cut, however short the model's clip is.
 */
export async function pingPong(source: string, target: string, seconds: number): Promise<void> {
  const once = `${target}.once.mp4`;
  try {
    await runFfmpeg([
      ...['-i', source, '-filter_complex', '[0:v]split[forward][back];[back]reverse[backward];[forward][backward]concat=n=2:v=1:a=0,fps=25,format=yuv420p[v]'],
      ...['-map', '[v]', '-an', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', once],
    ]);
    // ffmpeg 4.1's loop filter stops after one pass at the end of input; -stream_loop repeats reliably.
    await runFfmpeg(['-stream_loop', '-1', '-i', once, '-t', seconds.toFixed(3), '-r', '25', '-an', ...BROWSER_VIDEO, target]);
  } finally {
    await rm(once, { force: true });
  }
}
