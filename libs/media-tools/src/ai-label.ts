import { runFfmpeg } from './ffmpeg';
import { probeMedia } from './probe';
import { BROADCAST_AAC, broadcastAudioFilter, measureLoudness } from './sound';

export interface LabelOptions {
  /**
   * Also make its sound broadcast-ready (`BROADCAST_SOUND`) in the same run: the audio measured once
   * (audio only), then re-encoded with the measured loudnorm while the video is copied. A file without
   * audio is labelled only.
   */
  broadcastSound?: boolean;
}

/**
 * Writes `path` to `out` with `label` in its container's `comment` (MP4's ©cmt), streams copied: a
 * player, a platform or a person reading the file's metadata learns that a machine made it.
 */
export async function labelContainer(path: string, out: string, label: string, signal?: AbortSignal, options: LabelOptions = {}): Promise<void> {
  const sound = options.broadcastSound && (await probeMedia(path)).audio ? ['-af', broadcastAudioFilter(await measureLoudness(path, signal)), ...BROADCAST_AAC] : [];
  // `-c copy` then `-c:a aac`: the more specific codec wins for the audio, the rest is copied.
  await runFfmpeg(['-i', path, '-map', '0', '-c', 'copy', ...sound, '-metadata', `comment=${label}`, '-movflags', '+faststart', '-y', out], { signal });
}
