import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { ffmpegBinary } from '@lipcast/tools/replicate/media.ts';

/** The sample sheet that ships with the landmark package: the only real faces in the repository. */
const sampleSheet = () => join(dirname(createRequire(import.meta.url).resolve('@vladmandic/human')), '..', 'assets', 'samples.jpg');

/**
 * Writes four seconds of a man's face from the sample sheet with the head swaying (as a creator
 * films themselves) to `path` as a small H.264 MP4, and returns its bytes: an own actor's clip.
 */
export async function makeSwayingFaceClip(path: string): Promise<Buffer> {
  const face = 'crop=216:140:290:0,scale=640:416';
  const sway = 'crop=iw*0.9:ih*0.9:iw*0.05*(1+sin(t*2)):ih*0.05*(1+cos(t*3)),scale=480:-2';
  const args = ['-hide_banner', '-loglevel', 'error', '-loop', '1', '-i', sampleSheet(), '-vf', `${face},${sway}`, '-t', '4', '-r', '25', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-y', path];
  await promisify(execFile)(ffmpegBinary(), args);
  return readFile(path);
}
