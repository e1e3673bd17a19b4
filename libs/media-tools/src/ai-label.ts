import { runFfmpeg } from './ffmpeg';
import { BROADCAST_AAC, measureFileSound, secondPassFilter } from './sound';

export interface LabelOptions {
  /**
   * Also make its sound broadcast-ready (`BROADCAST_SOUND`) in the same run: the sound measured once
   * (`measureFileSound`, which also tells whether there is any), then re-encoded with the measured
   * gain while the video is copied. A file without audio is labelled only.
   */
  broadcastSound?: boolean;
}

/**
 * Writes `path` to `out` with `label` in its container's `comment` (MP4's ©cmt), streams copied: a
 * player, a platform or a person reading the file's metadata learns that a machine made it.
 */
export async function labelContainer(path: string, out: string, label: string, signal?: AbortSignal, options: LabelOptions = {}): Promise<void> {
  const loudness = options.broadcastSound ? (await measureFileSound(path, signal)).loudness : null;
  const sound = loudness ? ['-af', await secondPassFilter(path, loudness, signal), ...BROADCAST_AAC] : [];
  // `-c copy` then `-c:a aac`: the more specific codec wins for the audio, the rest is copied.
  await runFfmpeg(['-i', path, '-map', '0', '-c', 'copy', ...sound, '-metadata', `comment=${label}`, '-movflags', '+faststart', '-y', out], { signal });
}
