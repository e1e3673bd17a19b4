import { ApiProperty } from '@nestjs/swagger';
import {
  apiV1VideoCaptionsPath, apiV1VideoFilePath, apiV1VideoPosterPath, IDEMPOTENCY_KEY_MAX_LENGTH, lipSyncWords, VIDEO_FORMAT_IDS, type ApiV1List, type LipSyncCheck, type Video, type VideoError, type VideoFormatId,
  type VideoRevision, type VideoRevisions, type VideoStatus,
} from '@lipcast/contracts';
import { VIDEO_FORMAT_DESCRIPTION } from '@lipcast/nest-kit/requests';

/* The videos of the public API at its edge, in snake_case; their requests are in `@lipcast/nest-kit/requests`. */

const VIDEO_ID_EXAMPLE = '3f1c9a52-7a3e-4c8e-9d59-2b1f0e6c4a10';

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

/** A finished video's measured lip-sync. */
class ApiV1LipSyncDto {
  @ApiProperty({ example: 12, description: 'how late the sound is against the mouth, in milliseconds (negative: the sound comes first); within ±45 is in sync' })
  offset_ms!: number;

  @ApiProperty({ example: 0.71, minimum: 0, maximum: 1, description: 'how well the mouth and the sound match at that offset; below 0.3 the offset says little' })
  confidence!: number;

  @ApiProperty({ example: false, description: 'outside the limits after every attempt (a provider\'s video is made once more when its check fails): delivered anyway, the closest one' })
  below_threshold!: boolean;

  @ApiProperty({ example: 'Lip-sync checked: in sync', description: 'the check in words, as the app shows it' })
  summary!: string;
}

const apiV1LipSync = (check: LipSyncCheck): ApiV1LipSyncDto => ({ offset_ms: check.offsetMs, confidence: check.confidence, below_threshold: !!check.belowThreshold, summary: lipSyncWords(check) });

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

  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, example: { order: 'A-17' } })
  metadata!: Record<string, unknown> | null;

  @ApiProperty({ type: String, nullable: true, example: 'https://example.com/hooks/lipcast' })
  webhook_url!: string | null;

  @ApiProperty({ enum: VIDEO_FORMAT_IDS, example: '9x16-1080p', description: VIDEO_FORMAT_DESCRIPTION })
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

  @ApiProperty({ type: ApiV1LipSyncDto, nullable: true, description: 'its lip-sync, measured on the finished video, once succeeded; null for videos made before the check' })
  lip_sync!: ApiV1LipSyncDto | null;
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
    lip_sync: video.lipSync ? apiV1LipSync(video.lipSync) : null,
  };
}

/** The sentence a fix changes. */
class ApiV1SentenceChangeDto {
  @ApiProperty({ example: 1, minimum: 0, description: "the sentence's place in the script it changed (0: the first)" })
  index!: number;

  @ApiProperty({ example: 'It makes videos.' })
  before!: string;

  @ApiProperty({ example: 'It makes talking videos in minutes.' })
  after!: string;
}

/** One fix of a video ("Edit script"): a new version whose script changed in one sentence. */
export class ApiV1RevisionDto {
  @ApiProperty({ format: 'uuid', example: '7b0d2f7e-1c1a-4f43-9a51-93f0a2c1d6e4', description: "the fix's id" })
  id!: string;

  @ApiProperty({ example: 2, minimum: 2, description: 'the version it makes (the video as first made is version 1)' })
  version!: number;

  @ApiProperty({ enum: ['queued', 'running', 'succeeded', 'failed', 'canceled'], example: 'queued' })
  status!: VideoStatus;

  @ApiProperty({ example: 0, minimum: 0, maximum: 1 })
  progress!: number;

  @ApiProperty({ type: ApiV1SentenceChangeDto })
  sentence!: ApiV1SentenceChangeDto;

  @ApiProperty({ example: false, description: "whether it uses a generation of your plan (a video's first fixes are free)" })
  charged!: boolean;

  @ApiProperty({ type: String, nullable: true, example: null, description: 'the new version (absolute; read with the key), once succeeded' })
  url!: string | null;

  @ApiProperty({ type: String, nullable: true, example: null, description: 'why it did not succeed' })
  error!: string | null;

  @ApiProperty({ format: 'date-time', example: '2026-11-29T14:00:00.000Z' })
  created_at!: string;
}

/** `202` to a fix. */
export class ApiV1RevisionAcceptedDto extends ApiV1RevisionDto {
  @ApiProperty({ example: 2, minimum: 0, description: 'the free fixes the video has left after this one' })
  free_fixes_left!: number;
}

/** One version of a video, downloadable. */
class ApiV1VideoVersionDto {
  @ApiProperty({ example: 1, minimum: 1 })
  version!: number;

  @ApiProperty({ example: `https://lipcast.example/api/v1/videos/${VIDEO_ID_EXAMPLE}/file?version=1`, description: 'its MP4 (absolute; read with the key)' })
  url!: string;

  @ApiProperty({ format: 'date-time', example: '2026-11-29T14:00:00.000Z' })
  created_at!: string;

  @ApiProperty({ example: false, description: "the one the video's `url` answers now (the newest that succeeded)" })
  current!: boolean;
}

/** `GET /api/v1/videos/{id}/revisions`. */
export class ApiV1RevisionListDto {
  @ApiProperty({ type: String, nullable: true, example: 'Meet Lipcast. It makes talking videos in minutes.', description: "the newest version's script" })
  script!: string | null;

  @ApiProperty({ type: [ApiV1VideoVersionDto], description: 'oldest first; every one stays downloadable' })
  versions!: ApiV1VideoVersionDto[];

  @ApiProperty({ type: [ApiV1RevisionDto], description: 'its fixes, oldest first' })
  data!: ApiV1RevisionDto[];

  @ApiProperty({ example: 3, minimum: 0, description: 'the fixes it has left free; each later one uses a generation' })
  free_fixes_left!: number;

  @ApiProperty({ type: String, nullable: true, example: null, description: 'why it cannot be fixed now (not finished, a recorded voice), else null' })
  not_editable!: string | null;
}

export function apiV1Revision(revision: VideoRevision, videoId: string, origin: string): ApiV1RevisionDto {
  return {
    id: revision.id,
    version: revision.version,
    status: revision.status,
    progress: revision.progress,
    sentence: revision.sentence,
    charged: revision.charged,
    url: revision.url === null ? null : `${origin}${apiV1VideoFilePath(videoId)}?version=${revision.version}`,
    error: revision.error,
    created_at: revision.createdAt,
  };
}

export function apiV1Revisions(list: VideoRevisions, videoId: string, origin: string): ApiV1RevisionListDto {
  return {
    script: list.script,
    versions: list.versions.map((version) => ({ version: version.version, url: `${origin}${apiV1VideoFilePath(videoId)}?version=${version.version}`, created_at: version.createdAt, current: version.current })),
    data: list.revisions.map((revision) => apiV1Revision(revision, videoId, origin)),
    free_fixes_left: list.freeFixesLeft,
    not_editable: list.notEditable ?? null,
  };
}
