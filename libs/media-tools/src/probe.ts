import { ffmpegText } from './ffmpeg';

export interface MediaInfo {
  durationSeconds: number;
  video: { codec: string; profile: string | null; pixelFormat: string; width: number; height: number; fps: number } | null;
  /** `channels`: 0 when the layout is not one it knows; `bitRate`: bit/s as the file states it, null when it does not. */
  audio: { codec: string; sampleRate: number; channels: number; bitRate: number | null } | null;
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
  const audio = audioLine
    ? {
        codec: /^(\w+)/.exec(audioLine)?.[1] ?? 'unknown',
        sampleRate: Number(/(\d+) Hz/.exec(audioLine)?.[1] ?? 0),
        channels: channelCount(/ Hz, ([^,]+)/.exec(audioLine)?.[1] ?? ''),
        bitRate: kbitPerSecond(audioLine),
      }
    : null;
  // The input's own metadata comes before its duration; the streams' after.
  const comment = /^ {4}comment\s*: (.*)$/m.exec(report.slice(0, duration.index))?.[1];
  return { durationSeconds: Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]), video, audio, ...(comment ? { comment } : {}) };
}

/** The channels of a layout as ffmpeg names it: mono, stereo, 5.1(side), 3 channels. */
function channelCount(layout: string): number {
  if (layout === 'mono') return 1;
  if (layout === 'stereo') return 2;
  const surround = /^(\d+)\.(\d+)/.exec(layout);
  if (surround) return Number(surround[1]) + Number(surround[2]);
  return Number(/^(\d+) channels/.exec(layout)?.[1] ?? 0);
}

/** A stream's bit rate in bit/s from its `… kb/s`, null when its line states none. */
function kbitPerSecond(streamLine: string): number | null {
  const kbps = /, (\d+) kb\/s/.exec(streamLine)?.[1];
  return kbps ? Number(kbps) * 1000 : null;
}
