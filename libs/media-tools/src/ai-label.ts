import { runFfmpeg } from './ffmpeg';

/**
 * Writes `path` to `out` with `label` in its container's `comment` (MP4's ©cmt), streams copied: a
 * player, a platform or a person reading the file's metadata learns that a machine made it.
 */
export async function labelContainer(path: string, out: string, label: string, signal?: AbortSignal): Promise<void> {
  await runFfmpeg(['-i', path, '-map', '0', '-c', 'copy', '-metadata', `comment=${label}`, '-movflags', '+faststart', '-y', out], { signal });
}
