import { ffmpegText } from './ffmpeg';

export interface MediaInfo {
  durationSeconds: number;
  video: { codec: string; profile: string | null; pixelFormat: string; width: number; height: number; fps: number } | null;
  audio: { codec: string; sampleRate: number } | null;
  /** The container's `comment`, when it has one (`labelContainer`). */
  comment?: string;
}

/**
 * What a media file holds, read from `ffmpeg -i`'s report (ffmpeg alone: an ffmpeg on PATH may
 * come without ffprobe). Rejects when ffmpeg cannot read the file.
 */
export async function probeMedia(path: string): Promise<MediaInfo> {
  const report = await ffmpegText(['-i', path]);
  const info = parseReport(report);
  if (!info) throw new Error(`Not a media file ffmpeg can read: ${report.trim().split('\n').pop() ?? ''}`);
  return info;
}

export function parseReport(report: string): MediaInfo | null {
  const duration = /Duration: (\d+):(\d+):([\d.]+)/.exec(report);
  if (!duration) return null;
  const videoLine = /Stream #\S+.*?: Video: (.*)/.exec(report)?.[1];
  const audioLine = /Stream #\S+.*?: Audio: (.*)/.exec(report)?.[1];
  const video = videoLine
    ? {
        codec: /^(\w+)/.exec(videoLine)?.[1] ?? 'unknown',
        profile: /^\w+ \(([^)]+)\)/.exec(videoLine)?.[1] ?? null,
        pixelFormat: /, (yuv\w+|rgb\w+|gray\w*|pal8|bgr\w+)/.exec(videoLine)?.[1] ?? 'unknown',
        width: Number(/, (\d{2,5})x(\d{2,5})/.exec(videoLine)?.[1] ?? 0),
        height: Number(/, (\d{2,5})x(\d{2,5})/.exec(videoLine)?.[2] ?? 0),
        fps: Number(/([\d.]+) fps/.exec(videoLine)?.[1] ?? 0),
      }
    : null;
  const audio = audioLine ? { codec: /^(\w+)/.exec(audioLine)?.[1] ?? 'unknown', sampleRate: Number(/(\d+) Hz/.exec(audioLine)?.[1] ?? 0) } : null;
  // The input's own metadata comes before its duration; the streams' after.
  const comment = /^ {4}comment\s*: (.*)$/m.exec(report.slice(0, duration.index))?.[1];
  return { durationSeconds: Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]), video, audio, ...(comment ? { comment } : {}) };
}
