import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { ffmpegBinary } from '@lipcast/tools/replicate/media.ts';

/**
 * Writes a one-second 320x180 (16:9) H.264 clip to `path` with the system's ffmpeg and returns its
 * bytes: every video the offline engines make is already 8:9, so only a clip of another shape shows
 * that a player imposes its frame.
 */
export async function makeWideVideo(path: string): Promise<Buffer> {
  const args = ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=navy:s=320x180:d=1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-y', path];
  await promisify(execFile)(ffmpegBinary(), args);
  return readFile(path);
}
