import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import {
  apiV1VideoCaptionsPath, apiV1VideoFilePath, apiV1VideoPosterPath, IDEMPOTENCY_KEY_MAX_LENGTH, VIDEO_FORMAT_IDS, VIDEO_FORMATS, MAX_SPEECH_TEXT_LENGTH, VIDEO_LIST_DEFAULT_LIMIT, VIDEO_LIST_MAX_LIMIT, VIDEO_METADATA_MAX_BYTES, VOICE_EMOTIONS,
  type ApiV1List, type CaptionsChoice, type Video, type VideoError, type VideoFormatId, type VideoStatus,
} from '@lipcast/contracts';
import { CaptionsField, VideoFormatField } from '../generation/video-options.dto';

const FORMAT_DESCRIPTION = `the video's format: ${VIDEO_FORMAT_IDS.map((id) => `\`${id}\` ${VIDEO_FORMATS[id].width}x${VIDEO_FORMATS[id].height}`).join(', ')}`;

/*
 * The videos of the public API at its edge: snake_case in and out. The bodies and queries pass on
 * to the generation service, which validates them (one rule, one place, with messages that name the
 * snake_case fields); each field is `@Allow()`ed so the global ValidationPipe drops anything else.
 */

const VIDEO_ID_EXAMPLE = '3f1c9a52-7a3e-4c8e-9d59-2b1f0e6c4a10';
const METADATA_EXAMPLE = { order: 'A-17' };

/** `POST /api/v1/videos`. */
export class CreateVideoBodyDto {
  @ApiPropertyOptional({ example: 'ipfs-puppet-video-2', description: "a built-in actor's id (`GET /api/v1/actors`); exactly one of actor and influencer" })
  @Allow()
  actor?: string;

  @ApiPropertyOptional({ type: Number, example: 42, description: "one of your influencers with a clip, or a published one; exactly one of actor and influencer" })
  @Allow()
  influencer?: number;

  @ApiProperty({ example: 'Hello from the Lipcast API.', maxLength: MAX_SPEECH_TEXT_LENGTH, description: 'what the actor says' })
  @Allow()
  script!: string;

  @ApiProperty({ example: 'Wise_Woman', description: 'a voice id (`GET /api/v1/voices`)' })
  @Allow()
  voice!: string;

  @ApiPropertyOptional({ enum: VOICE_EMOTIONS, example: 'happy', default: 'neutral' })
  @Allow()
  emotion?: string;

  @ApiPropertyOptional({ type: Number, minimum: 0.5, maximum: 2, default: 1, example: 1.1 })
  @Allow()
  speed?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: -10, maximum: 10, default: 0, example: 0 })
  @Allow()
  pitch?: number;

  @ApiPropertyOptional({ example: 'https://example.com/hooks/lipcast', description: 'told (signed, `Lipcast-Signature`) when the video ends' })
  @Allow()
  webhook_url?: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    example: METADATA_EXAMPLE,
    description: `kept with the video and answered as given: a JSON object of at most ${VIDEO_METADATA_MAX_BYTES} bytes`,
  })
  @Allow()
  metadata?: Record<string, unknown>;

  @VideoFormatField({ example: '9x16-1080p', description: FORMAT_DESCRIPTION })
  format?: VideoFormatId;

  @CaptionsField({
    example: 'bold',
    description: 'captions burned into the picture: `clean` (lower third), `bold` (each word highlighted as it is said), `boxed` (on an opaque box), or `none`; the word-timed captions (`captions_url`) are made either way',
  })
  captions?: CaptionsChoice;
}

/** `GET /api/v1/videos?cursor=&limit=`. */
export class ListVideosQueryDto {
  @ApiPropertyOptional({ description: "a page's `next_cursor`, for the page after it" })
  @Allow()
  cursor?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: VIDEO_LIST_MAX_LIMIT, default: VIDEO_LIST_DEFAULT_LIMIT })
  @Allow()
  limit?: string;
}

/** The `Idempotency-Key` header, as the docs describe it. */
export const IDEMPOTENCY_KEY_HEADER = {
  name: 'Idempotency-Key',
  required: false,
  description: `At most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters. The same key and body within 24 hours answer the same video and charge once; the same key with another body is a 422.`,
  example: 'order-A-17',
};

/** `202` to a create. */
export class ApiV1VideoAcceptedDto {
  @ApiProperty({ format: 'uuid', example: VIDEO_ID_EXAMPLE })
  id!: string;

  @ApiProperty({ enum: ['queued', 'running', 'succeeded', 'failed', 'canceled'], example: 'queued' })
  status!: VideoStatus;
}

class ApiV1VideoErrorDto implements VideoError {
  @ApiProperty({ enum: ['generation_failed', 'canceled'], example: 'canceled' })
  code!: VideoError['code'];

  @ApiProperty({ example: 'The generation was canceled.' })
  message!: string;
}

/** A video as `/api/v1/videos` answers it. */
export class ApiV1VideoDto extends ApiV1VideoAcceptedDto {
  @ApiProperty({ example: 1, minimum: 0, maximum: 1, description: 'never lower than a value answered before' })
  progress!: number;

  @ApiProperty({ type: String, nullable: true, example: `https://lipcast.example/api/media/users/…/jobs/${VIDEO_ID_EXAMPLE}/video.mp4`, description: 'the finished MP4 (absolute), once succeeded' })
  url!: string | null;

  @ApiProperty({ type: Number, nullable: true, example: 4.2, description: 'its length in seconds, once succeeded' })
  duration!: number | null;

  @ApiProperty({ type: ApiV1VideoErrorDto, nullable: true, example: null, description: 'why it did not succeed' })
  error!: VideoError | null;

  @ApiProperty({ format: 'date-time', example: '2026-11-26T14:00:00.000Z' })
  created_at!: string;

  @ApiProperty({ type: String, nullable: true, example: 'ipfs-puppet-video-2' })
  actor!: string | null;

  @ApiProperty({ type: Number, nullable: true, example: null })
  influencer!: number | null;

  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, example: METADATA_EXAMPLE })
  metadata!: Record<string, unknown> | null;

  @ApiProperty({ type: String, nullable: true, example: 'https://example.com/hooks/lipcast' })
  webhook_url!: string | null;

  @ApiProperty({ enum: VIDEO_FORMAT_IDS, example: '9x16-1080p', description: FORMAT_DESCRIPTION })
  format!: VideoFormatId;

  @ApiProperty({ type: Number, nullable: true, example: null, minimum: 0, description: 'while queued, the videos ahead of it (0: it starts next); on `GET /videos/{id}` only, else null' })
  queue_position!: number | null;

  @ApiProperty({ type: Number, nullable: true, example: null, minimum: 1, description: 'while queued or running, the seconds until it should be done (its wait and its run, from the engines\' measured speed and its progress); on `GET /videos/{id}` only, else null' })
  estimated_seconds!: number | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: `https://lipcast.example/api/v1/videos/${VIDEO_ID_EXAMPLE}/captions`,
    description: 'its word-timed captions as WebVTT (absolute; `?format=srt` for SubRip), once succeeded; null for videos made before captions',
  })
  captions_url!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: `https://lipcast.example/api/v1/videos/${VIDEO_ID_EXAMPLE}/poster`,
    description: 'its poster, the first frame at its format\'s size as WebP (absolute; read with the key, like `url`), once succeeded; null for videos made before posters',
  })
  poster_url!: string | null;
}

export class ApiV1VideoListDto implements ApiV1List<ApiV1VideoDto> {
  @ApiProperty({ type: [ApiV1VideoDto], description: 'newest first' })
  data!: ApiV1VideoDto[];

  @ApiProperty({ type: String, nullable: true, example: 'eyJjIjoiMjAyNi0xMS0yNlQxNDowMDowMC4wMDBaIn0', description: 'the next page\'s `cursor`; null on the last page' })
  next_cursor!: string | null;
}

/** `DELETE` of a finished video: it is gone, with its media. */
export class ApiV1VideoDeletedDto {
  @ApiProperty({ format: 'uuid', example: VIDEO_ID_EXAMPLE })
  id!: string;

  @ApiProperty({ enum: [true], example: true })
  deleted!: true;
}

/** A video in the API's snake_case, its url absolute on `origin` (this site as the caller sees it). */
export function apiV1Video(video: Video, origin: string): ApiV1VideoDto {
  return {
    id: video.id,
    status: video.status,
    progress: video.progress,
    url: video.url === null ? null : `${origin}${apiV1VideoFilePath(video.id)}`,
    duration: video.durationSeconds,
    error: video.error,
    created_at: video.createdAt,
    actor: video.actor,
    influencer: video.influencer,
    metadata: video.metadata,
    webhook_url: video.webhookUrl,
    format: video.format,
    queue_position: video.queuePosition ?? null,
    estimated_seconds: video.estimatedSeconds ?? null,
    captions_url: video.captionsUrl ? `${origin}${apiV1VideoCaptionsPath(video.id)}` : null,
    poster_url: video.posterUrl ? `${origin}${apiV1VideoPosterPath(video.id)}` : null,
  };
}
