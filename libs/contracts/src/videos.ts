import type { VideoFormatId } from './video-formats';
import type { CaptionsChoice } from './captions';
import type { LipSyncCheck } from './lip-sync-check';

/**
 * The public API's videos (`/api/v1/videos`): one speech + lip-sync run of a built-in actor or an
 * influencer, made for one user and paid by one generation. camelCase here and over NATS; the
 * gateway's v1 controller turns it into the API's snake_case.
 */

export type VideoStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';

/** The longest `Idempotency-Key` a create accepts. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** An `Idempotency-Key` names one create for this long; after it the same key starts a new video. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
/** `metadata` is kept as given, at most this many bytes of JSON. */
export const VIDEO_METADATA_MAX_BYTES = 1024;
/** A list page holds at most this many videos (20 when the caller does not say). */
export const VIDEO_LIST_MAX_LIMIT = 100;
export const VIDEO_LIST_DEFAULT_LIMIT = 20;
/** The longest `webhook_url` a video create takes. */
export const VIDEO_WEBHOOK_URL_MAX_LENGTH = 2048;

/**
 * A take's `seed` (issue 37, item 3): absent or 0 is the first take; another whole number up to this
 * makes another take of the same inputs (the embedded engine blinks and moves the head at other
 * times; a provider with a seed gets it), a new video charged as any other.
 */
export const TAKE_SEED_MAX = 2_147_483_647;
export const TAKE_SEED_MESSAGE = `seed must be a whole number from 0 to ${TAKE_SEED_MAX}`;

/** Why an `actor` is refused: neither a built-in actor nor one of the caller's own (`own:<id>`). */
export const UNKNOWN_ACTOR_MESSAGE = "actor must be a built-in actor's id (GET /api/actors) or one of your own actors (own:<id>)";

/** What the caller asks for: exactly one of `actor` (a built-in actor's id, or `own:<id>` for one of the caller's own actors) and `influencer` (an influencer project's id). */
export interface VideoSpec {
  actor?: string;
  influencer?: number;
  /** What the actor says (the wizard's dialogue rules: not blank, at most `MAX_SPEECH_TEXT_LENGTH` characters). */
  script: string;
  /** A voice id of the active speech provider (`GET /api/voices`). */
  voice: string;
  /** One of `VOICE_EMOTIONS` (default neutral). */
  emotion?: string;
  /** 0.5 to 2 (default 1). */
  speed?: number;
  /** A whole number from -10 to 10 (default 0). */
  pitch?: number;
  /** Told when the video ends (outbound webhooks). */
  webhookUrl?: string;
  /** Kept with the video and answered as given: a JSON object of at most `VIDEO_METADATA_MAX_BYTES`. */
  metadata?: Record<string, unknown>;
  /** The video's format (`VIDEO_FORMATS`; `DEFAULT_VIDEO_FORMAT`, the portrait card, unless said). */
  format?: VideoFormatId;
  /** Captions burned into the picture, and their style (`CAPTION_CHOICES`; `none` unless said). The WebVTT track is made either way. */
  captions?: CaptionsChoice;
  /** The take (`TAKE_SEED_MAX`): absent or 0, the first; the same inputs with another seed are another video. */
  seed?: number;
}

/** `generation.videos.create.v1`: the same `idempotencyKey` and body answer the same video, charged once. */
export interface CreateVideoRequest extends VideoSpec {
  userId: string;
  /** The `Idempotency-Key` header, at most `IDEMPOTENCY_KEY_MAX_LENGTH` characters. */
  idempotencyKey?: string;
}

/** Why a video did not succeed: `generation_failed` (the message says why) or `canceled`. */
export interface VideoError {
  code: 'generation_failed' | 'canceled';
  message: string;
}

/** A video as the public API sees it. */
export interface Video {
  /** The id of the job that makes it (a UUID). */
  id: string;
  status: VideoStatus;
  /** 0..1, never lower than a value answered before. */
  progress: number;
  /** The finished video on our media route (`/api/media/…`), once succeeded. */
  url: string | null;
  /** Its length in seconds, once succeeded. */
  durationSeconds: number | null;
  error: VideoError | null;
  createdAt: string;
  actor: string | null;
  influencer: number | null;
  metadata: Record<string, unknown> | null;
  webhookUrl: string | null;
  /** The video's format (the portrait card for videos made before formats existed). */
  format: VideoFormatId;
  /** A finished video's word-timed captions (WebVTT); null before it finishes, or for videos made before captions. */
  captionsUrl: string | null;
  /** A finished video's poster (its first frame, at its format's aspect) on our media route; absent before it finishes, or for videos made before posters. */
  posterUrl?: string;
  /** A finished video's measured lip-sync: how late its sound is against the mouth (ms) and how sure (0-1); absent before it finishes, or for videos made before the check. */
  lipSync?: LipSyncCheck;
  /** One video's answer (not a list's), while queued: the jobs of its lane ahead of it. */
  queuePosition?: number;
  /** One video's answer, while queued or running: the seconds until it should be done. */
  estimatedSeconds?: number;
}

/** `generation.videos.get.v1`, and `generation.videos.cancel.v1`. */
export interface UserVideoRequest {
  userId: string;
  videoId: string;
}

/** `generation.videos.list.v1`: newest first; `cursor` is a page's `nextCursor`. */
export interface ListVideosRequest {
  userId: string;
  cursor?: string;
  /** 1 to `VIDEO_LIST_MAX_LIMIT` (default `VIDEO_LIST_DEFAULT_LIMIT`). */
  limit?: number;
}

export interface VideoList {
  videos: Video[];
  /** Null on the last page. */
  nextCursor: string | null;
}

/** `generation.videos.cancel.v1`: a queued or running video is canceled (its credit released) and answered; a finished one is deleted with its media (`video` null). */
export interface CanceledVideo {
  id: string;
  outcome: 'canceled' | 'deleted';
  video: Video | null;
}

/** Where the public API answers a video's file (the MP4, for the key that reads the video). */
export const apiV1VideoFilePath = (videoId: string) => `/api/v1/videos/${videoId}/file`;
/** Where the public API answers a video's captions: WebVTT, or SRT with `?format=srt`. */
export const apiV1VideoCaptionsPath = (videoId: string) => `/api/v1/videos/${videoId}/captions`;
/** Where the public API answers a video's poster: its first frame as WebP. */
export const apiV1VideoPosterPath = (videoId: string) => `/api/v1/videos/${videoId}/poster`;
