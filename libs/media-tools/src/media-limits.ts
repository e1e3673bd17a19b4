import { ProviderError } from './provider-error';
import { ffmpegText } from './ffmpeg';

/**
 * What the engine accepts from outside (uploads, providers' outputs, users' own media): bigger
 * pictures and longer media cost memory and CPU out of all proportion to the 640x720 clips it makes.
 */
export const MEDIA_LIMITS = { maxSide: 4096, maxPixels: 16_000_000, maxDurationSeconds: 600 } as const;

/**
 * A real person's clip that lip-sync can use (the check before charging): long enough to loop, and a
 * frame rate the engine reads well (it decodes at 25 fps; under 15 the mouth barely moves between
 * frames, over 60 costs decoding for nothing). The longest is the media limit.
 */
export const CLIP_LIMITS = { minDurationSeconds: 1, maxDurationSeconds: MEDIA_LIMITS.maxDurationSeconds, minFps: 15, maxFps: 60 } as const;

/** ffmpeg input option: its decoders refuse a picture over the pixel limit, also while probing, before allocating it. */
export const MAX_PIXELS_OPTION = ['-max_pixels', String(MEDIA_LIMITS.maxPixels)] as const;

export interface InputSize {
  width: number;
  height: number;
  /** 0 for a still picture. */
  durationSeconds: number;
}

/** ffmpeg's names of the containers the engine reads: pictures (by name or by content) and MP4/QuickTime/WebM clips. */
const CONTAINERS = new Set(['image2', 'jpeg_pipe', 'png_pipe', 'webp_pipe', 'mov,mp4,m4a,3gp,3g2,mj2', 'matroska,webm']);

const megapixels = (pixels: number) => `${Math.round(pixels / 100_000) / 10} megapixels`;

export const MediaLimitMessages = {
  tooLarge: (width: number | null, height: number | null) =>
    `This picture or video is too large${width && height ? ` (${width}x${height} pixels)` : ''}. Please use one of at most ${MEDIA_LIMITS.maxSide} pixels on a side and ${megapixels(MEDIA_LIMITS.maxPixels)}.`,
  tooLong: (seconds: number) => `This media is too long (${Math.round(seconds)} s). Please use at most ${MEDIA_LIMITS.maxDurationSeconds / 60} minutes.`,
  unreadable: 'This picture or video could not be read. Please use a JPEG, PNG or WebP picture or an MP4 video.',
} as const;

/**
 * The picture size and length in `ffmpeg -max_pixels … -i <file>`'s report: `too-many-pixels` when
 * the decoder refused the picture's declared size, null when there is no picture or video in it.
 */
export function readInputReport(report: string): InputSize | { tooManyPixels: true; width: number | null; height: number | null } | null {
  // The decoder refused the declared size: over our pixel limit, or too big for ffmpeg at all ("is invalid").
  const refused = /Picture size (\d+)x(\d+) (?:exceeds specified max pixel count|is invalid)/.exec(report);
  if (refused && isOverLimit(Number(refused[1]), Number(refused[2]))) return { tooManyPixels: true, width: Number(refused[1]), height: Number(refused[2]) };
  if (!refused && /exceeds specified max pixel count/.test(report)) return { tooManyPixels: true, width: null, height: null };
  // Only the containers of our pictures and clips: ffmpeg would also read text (as "tty" video) or
  // play lists that make it open other files and URLs.
  const container = /^Input #0, (.+), from /m.exec(report)?.[1];
  if (!container || !CONTAINERS.has(container)) return null;
  const videoLine = /Stream #\S+.*?: Video: (.*)/.exec(report)?.[1];
  const size = videoLine ? /, (\d+)x(\d+)[\s,[]/.exec(`${videoLine} `) : null;
  if (!size) return null;
  const duration = /Duration: (\d+):(\d+):([\d.]+)/.exec(report);
  const durationSeconds = duration ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]) : 0;
  return { width: Number(size[1]), height: Number(size[2]), durationSeconds };
}

const isOverLimit = (width: number, height: number) => width > MEDIA_LIMITS.maxSide || height > MEDIA_LIMITS.maxSide || width * height > MEDIA_LIMITS.maxPixels;

/** Throws the user's message (a ProviderError that is not retried) when the input is over a limit. */
export function checkInputSize(input: InputSize): void {
  if (isOverLimit(input.width, input.height)) throw new ProviderError(MediaLimitMessages.tooLarge(input.width, input.height), 'invalid-input');
  checkDuration(input.durationSeconds);
}

export function checkDuration(seconds: number): void {
  if (seconds > MEDIA_LIMITS.maxDurationSeconds) throw new ProviderError(MediaLimitMessages.tooLong(seconds), 'invalid-input');
}

/**
 * Reads a picture's or video's size and length from its headers (no picture over the limit is ever
 * decoded) and refuses it when it is over a limit or not a picture or video at all. Run before any
 * heavy work on media that came from outside.
 */
export async function checkMediaInput(path: string, signal?: AbortSignal): Promise<InputSize> {
  signal?.throwIfAborted();
  const input = readInputReport(await ffmpegText([...MAX_PIXELS_OPTION, '-i', path], 'stderr', 64_000));
  if (!input) throw new ProviderError(MediaLimitMessages.unreadable, 'invalid-input');
  if ('tooManyPixels' in input) throw new ProviderError(MediaLimitMessages.tooLarge(input.width, input.height), 'invalid-input');
  checkInputSize(input);
  return input;
}
