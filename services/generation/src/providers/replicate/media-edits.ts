import { open, rm, stat } from 'node:fs/promises';
import { probeMedia, runFfmpeg } from '@lipcast/media-tools';
import type { MediaFile } from '../../ports/media';

/** H.264 settings that play in Chromium (see STACK.md). */
const BROWSER_VIDEO = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p', '-profile:v', 'high', '-movflags', '+faststart'];

export interface FrameSize {
  width: number;
  height: number;
}

/** Seconds of audio, by decoding it (ffmpeg alone, no ffprobe needed). */
export async function audioDurationSeconds(path: string): Promise<number> {
  const samples = await runFfmpeg(['-i', path, '-vn', '-ac', '1', '-ar', '8000', '-f', 's16le', 'pipe:1'], { captureOutput: true });
  return samples.length / 2 / 8000;
}

/** Scales the image to cover width x height and crops the middle: exactly the requested size, as PNG. */
export async function coverImage(source: string, target: string, width: number, height: number): Promise<void> {
  await runFfmpeg(['-i', source, '-vf', `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height}`, '-frames:v', '1', target]);
}

/**
 * The clip scaled to cover `size` and cropped in the middle (never stretched), played forward then
 * backward, repeated to exactly `seconds` at 25 fps, without audio: the person keeps moving with no
 * jump cut, however short the model's clip is, in exactly the size the caller stores.
 */
export async function pingPong(source: string, target: string, seconds: number, size: FrameSize): Promise<void> {
  const once = `${target}.once.mp4`;
  const cover = `scale=${size.width}:${size.height}:force_original_aspect_ratio=increase,crop=${size.width}:${size.height},setsar=1`;
  try {
    await runFfmpeg([
      ...['-i', source, '-filter_complex', `[0:v]${cover},split[forward][back];[back]reverse[backward];[forward][backward]concat=n=2:v=1:a=0,fps=25,format=yuv420p[v]`],
      ...['-map', '[v]', '-an', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', once],
    ]);
    // -stream_loop repeats reliably (ffmpeg 4.1's loop filter stopped after one pass at the end of input).
    await runFfmpeg(['-stream_loop', '-1', '-i', once, '-t', seconds.toFixed(3), '-r', '25', '-an', ...BROWSER_VIDEO, target]);
  } finally {
    await rm(once, { force: true });
  }
}

/** The top-level boxes of an ISO media file (MP4, QuickTime) in file order: `ftyp`, `moov`, `mdat`, … */
export async function topLevelBoxes(path: string): Promise<string[]> {
  const size = (await stat(path)).size;
  const file = await open(path, 'r');
  try {
    const boxes: string[] = [];
    const header = Buffer.alloc(16);
    for (let offset = 0; offset + 8 <= size; ) {
      const { bytesRead } = await file.read(header, 0, 16, offset);
      if (bytesRead < 8) break;
      const type = header.toString('latin1', 4, 8);
      if (!/^[\x20-\x7e]{4}$/.test(type)) break; // not a box: not an ISO media file
      boxes.push(type);
      const declared = header.readUInt32BE(0);
      const length = declared === 1 && bytesRead >= 16 ? Number(header.readBigUInt64BE(8)) : declared === 0 ? size - offset : declared;
      if (length < 8) break;
      offset += length;
    }
    return boxes;
  } finally {
    await file.close();
  }
}

/**
 * Whether a file is an MP4 (not QuickTime, whose `ftyp` brand is `qt  `) whose index (`moov`) comes
 * before its media (`mdat`), so playback starts at once.
 */
export async function isFastStartMp4(path: string): Promise<boolean> {
  const boxes = await topLevelBoxes(path);
  const moov = boxes.indexOf('moov');
  const mdat = boxes.indexOf('mdat');
  return boxes[0] === 'ftyp' && (await majorBrand(path)) !== 'qt  ' && moov !== -1 && (mdat === -1 || moov < mdat);
}

async function majorBrand(path: string): Promise<string> {
  const file = await open(path, 'r');
  try {
    const header = Buffer.alloc(12);
    const { bytesRead } = await file.read(header, 0, 12, 0);
    return bytesRead === 12 ? header.toString('latin1', 8, 12) : '';
  } finally {
    await file.close();
  }
}

/**
 * A video made to our encoding rules: H.264 (yuv420p) + AAC in an MP4 with the index at the front.
 * Kept as it is when it already is; re-muxed (stream copy) when only the container or the index
 * position differ; re-encoded otherwise (another codec or pixel format).
 */
export async function toEncodingRules(video: MediaFile, target: string, signal?: AbortSignal): Promise<MediaFile> {
  const info = await probeMedia(video.path);
  if (!info.video) throw new Error('The video has no picture.');
  const videoFits = info.video.codec === 'h264' && info.video.pixelFormat === 'yuv420p';
  const audioFits = !info.audio || info.audio.codec === 'aac';
  if (videoFits && audioFits && (await isFastStartMp4(video.path))) return { path: video.path, contentType: 'video/mp4' };
  const streams = ['-map', '0:v:0', '-map', '0:a:0?'];
  if (videoFits && audioFits) {
    await runFfmpeg(['-i', video.path, ...streams, '-c', 'copy', '-movflags', '+faststart', target], { signal });
  } else {
    const audio = audioFits ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', '128k'];
    await runFfmpeg(['-i', video.path, ...streams, '-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2', ...BROWSER_VIDEO, ...audio, target], { signal });
  }
  return { path: target, contentType: 'video/mp4' };
}
