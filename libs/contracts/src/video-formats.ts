/**
 * The video formats a lip-sync can be made in, defined once for the engine, the job inputs, the
 * UIs and the API's validation: today's 640x720 "portrait card" (the default) and 9:16, 1:1 and
 * 16:9 at 720p and 1080p (the short side is 720 or 1080 pixels).
 */

export const VIDEO_FORMAT_IDS = ['portrait-card', '9x16-720p', '9x16-1080p', '1x1-720p', '1x1-1080p', '16x9-720p', '16x9-1080p'] as const;
export type VideoFormatId = (typeof VIDEO_FORMAT_IDS)[number];

/** The format of every video made before formats existed, and of any request that names none. */
export const DEFAULT_VIDEO_FORMAT: VideoFormatId = 'portrait-card';

export interface VideoFormat {
  id: VideoFormatId;
  /** What a person reads, e.g. "9:16 vertical, 1080p". */
  label: string;
  /** The aspect ratio as written in names ("9x16"), or "portrait-card". */
  aspect: string;
  width: number;
  height: number;
}

export const VIDEO_FORMATS: Record<VideoFormatId, VideoFormat> = {
  'portrait-card': { id: 'portrait-card', label: 'Portrait card (640 × 720)', aspect: 'portrait-card', width: 640, height: 720 },
  '9x16-720p': { id: '9x16-720p', label: '9:16 vertical, 720p (720 × 1280)', aspect: '9x16', width: 720, height: 1280 },
  '9x16-1080p': { id: '9x16-1080p', label: '9:16 vertical, 1080p (1080 × 1920)', aspect: '9x16', width: 1080, height: 1920 },
  '1x1-720p': { id: '1x1-720p', label: '1:1 square, 720p (720 × 720)', aspect: '1x1', width: 720, height: 720 },
  '1x1-1080p': { id: '1x1-1080p', label: '1:1 square, 1080p (1080 × 1080)', aspect: '1x1', width: 1080, height: 1080 },
  '16x9-720p': { id: '16x9-720p', label: '16:9 landscape, 720p (1280 × 720)', aspect: '16x9', width: 1280, height: 720 },
  '16x9-1080p': { id: '16x9-1080p', label: '16:9 landscape, 1080p (1920 × 1080)', aspect: '16x9', width: 1920, height: 1080 },
};

export function isVideoFormatId(value: unknown): value is VideoFormatId {
  return typeof value === 'string' && (VIDEO_FORMAT_IDS as readonly string[]).includes(value);
}

/** The format of `id`; the default one when `id` is missing (rows and inputs made before formats existed). */
export function videoFormat(id: VideoFormatId | null | undefined): VideoFormat {
  return VIDEO_FORMATS[id ?? DEFAULT_VIDEO_FORMAT];
}

/** A short tag for names and lists: "9x16-1080p", or "640x720" for the portrait card. */
export function videoFormatTag(id: VideoFormatId | null | undefined): string {
  const format = videoFormat(id);
  return format.id === 'portrait-card' ? `${format.width}x${format.height}` : format.id;
}

/** The name a finished video downloads as, e.g. `lipcast-42-9x16-1080p.mp4`. */
export function videoDownloadName(id: string | number, format: VideoFormatId | null | undefined, version?: number): string {
  return `lipcast-${id}-${videoFormatTag(format)}${version ? `-v${version}` : ''}.mp4`;
}

/** The message of a request naming an unknown format (the API's validation and the service's). */
export const VIDEO_FORMAT_MESSAGE = `format must be one of: ${VIDEO_FORMAT_IDS.join(', ')}`;
