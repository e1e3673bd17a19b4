import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsObject, IsOptional, IsString, IsUrl, IsUUID, Matches, MaxLength, MinLength, ValidateBy } from 'class-validator';
import {
  IDEMPOTENCY_KEY_MAX_LENGTH, MAX_SPEECH_TEXT_LENGTH, VIDEO_FORMAT_IDS, VIDEO_FORMATS, VIDEO_LIST_DEFAULT_LIMIT, VIDEO_LIST_MAX_LIMIT, VIDEO_METADATA_MAX_BYTES, VIDEO_WEBHOOK_URL_MAX_LENGTH,
  UNKNOWN_ACTOR_MESSAGE, VOICE_ID_MAX_LENGTH, type CaptionsChoice, type CreateVideoRequest, type ListVideosRequest, type VideoFormatId, type VideoSpec,
} from '@lipcast/contracts';
import { IsStoredId } from '../stored-id';
import { CaptionsField, EmptyAsAbsent, LimitField, RequestDto, SpeechEmotionField, SpeechPitchField, SpeechSpeedField, TakeSeedField, VideoFormatField } from './request-dto';

/*
 * The public API's videos: the create's fields as the API takes them (snake_case) and as the
 * generation service takes them (camelCase, with the user and the Idempotency-Key), both from
 * `VideoSpecDto`; and the list's page, which the batches' lists share.
 */

/** How the public API documents a video's `format`. */
export const VIDEO_FORMAT_DESCRIPTION = `the video's format: ${VIDEO_FORMAT_IDS.map((id) => `\`${id}\` ${VIDEO_FORMATS[id].width}x${VIDEO_FORMATS[id].height}`).join(', ')}`;
const METADATA_MESSAGE = `metadata must be a JSON object of at most ${VIDEO_METADATA_MAX_BYTES} bytes`;

/** `metadata`: a JSON object (not an array) whose JSON takes at most `VIDEO_METADATA_MAX_BYTES` bytes. */
const IsSmallJsonObject = () =>
  ValidateBy({
    name: 'isSmallJsonObject',
    validator: {
      validate: (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value) && Buffer.byteLength(JSON.stringify(value)) <= VIDEO_METADATA_MAX_BYTES,
      defaultMessage: () => METADATA_MESSAGE,
    },
  });

/** `webhook_url` (`webhookUrl` over NATS): an http(s) URL, told when the video ends. */
const IsWebhookUrl = () =>
  applyDecorators(
    MaxLength(VIDEO_WEBHOOK_URL_MAX_LENGTH, { message: `webhook_url must be at most ${VIDEO_WEBHOOK_URL_MAX_LENGTH} characters` }),
    IsUrl({ protocols: ['https', 'http'], require_protocol: true, require_tld: false }, { message: 'webhook_url must be an http(s) URL' }),
    IsOptional(),
  );

/**
 * A video: the wizard's speech rules (dialogue text, voice, emotion, speed, pitch; the voice is
 * checked against the active provider when the video is planned), and exactly one of actor and
 * influencer (checked by the service, which also finds the clip). A batch's rows are checked with
 * these rules too, each answered with its own error.
 */
export class VideoSpecDto extends RequestDto implements Omit<VideoSpec, 'webhookUrl'> {
  @ApiPropertyOptional({ example: 'ipfs-puppet-video-2', description: "a built-in actor's id (`GET /api/v1/actors`), or `own:<id>` for one of your own actors (a clip of you uploaded in the Creator); exactly one of actor and influencer" })
  @IsOptional()
  @IsString({ message: UNKNOWN_ACTOR_MESSAGE })
  @MaxLength(100, { message: UNKNOWN_ACTOR_MESSAGE })
  actor?: string;

  @ApiPropertyOptional({ type: Number, example: 42, description: 'one of your influencers with a clip, or a published one; exactly one of actor and influencer' })
  @IsOptional()
  @Type(() => Number) // a batch's CSV gives it as text, as it does speed and pitch
  @IsStoredId("influencer must be an influencer's id")
  influencer?: number;

  @ApiProperty({ example: 'Hello from the Lipcast API.', maxLength: MAX_SPEECH_TEXT_LENGTH, description: 'what the actor says' })
  @IsString({ message: 'script is required' })
  @Matches(/\S/, { message: 'script is required' })
  @MaxLength(MAX_SPEECH_TEXT_LENGTH, { message: `script must be at most ${MAX_SPEECH_TEXT_LENGTH} characters` })
  script!: string;

  @ApiProperty({ example: 'Wise_Woman', description: 'a voice id (`GET /api/v1/voices`)' })
  @IsString({ message: 'voice is required' })
  @MaxLength(VOICE_ID_MAX_LENGTH, { message: 'voice is not a known voice' })
  voice!: string;

  @SpeechEmotionField({ example: 'happy' })
  emotion?: string;

  @SpeechSpeedField({ example: 1.1 })
  speed?: number;

  @SpeechPitchField({ example: 0 })
  pitch?: number;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    example: { order: 'A-17' },
    description: `kept with the video and answered as given: a JSON object of at most ${VIDEO_METADATA_MAX_BYTES} bytes`,
  })
  @IsOptional()
  @IsObject({ message: METADATA_MESSAGE })
  @IsSmallJsonObject()
  metadata?: Record<string, unknown>;

  @VideoFormatField({ example: '9x16-1080p', description: VIDEO_FORMAT_DESCRIPTION })
  format?: VideoFormatId;

  @CaptionsField({
    example: 'bold',
    description: 'captions burned into the picture: `clean` (lower third), `bold` (each word highlighted as it is said), `boxed` (on an opaque box), or `none`; the word-timed captions (`captions_url`) are made either way',
  })
  captions?: CaptionsChoice;

  @TakeSeedField({
    example: 2,
    description:
      'the take: absent or 0, the first; another seed makes another take of the same inputs (other blinks, head motion and idle timing; a provider with a seed gets it), a new video charged as any other',
  })
  seed?: number;
}

/** `POST /api/v1/videos`. */
export class CreateVideoBodyDto extends VideoSpecDto {
  @ApiPropertyOptional({ example: 'https://example.com/hooks/lipcast', maxLength: VIDEO_WEBHOOK_URL_MAX_LENGTH, description: 'told (signed, `Lipcast-Signature`) when the video ends' })
  @IsWebhookUrl()
  webhook_url?: string;
}

/** `generation.videos.create.v1`: the API's create for its key's owner. */
export class CreateVideoDto extends VideoSpecDto implements CreateVideoRequest {
  @IsUUID() userId!: string;

  @IsOptional()
  @IsString({ message: 'Idempotency-Key must be text' })
  @MinLength(1, { message: 'Idempotency-Key must not be empty' })
  @MaxLength(IDEMPOTENCY_KEY_MAX_LENGTH, { message: `Idempotency-Key must be at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters` })
  idempotencyKey?: string;

  @IsWebhookUrl()
  webhookUrl?: string;
}

const CURSOR_MESSAGE = 'cursor is not one this API gave';

/** `GET /api/v1/videos?cursor=&limit=` (and the batches' lists): a page, `?cursor=&limit=` the first of the default size. */
export class ListVideosQueryDto extends RequestDto {
  @ApiPropertyOptional({ description: "a page's `next_cursor`, for the page after it" })
  @EmptyAsAbsent()
  @IsOptional()
  @IsString({ message: CURSOR_MESSAGE })
  @MaxLength(200, { message: CURSOR_MESSAGE })
  cursor?: string;

  @LimitField(VIDEO_LIST_MAX_LIMIT, VIDEO_LIST_DEFAULT_LIMIT, { field: 'limit' })
  limit?: number;
}

/** `generation.videos.list.v1` (and `generation.batches.list.v1`): the owner's page. */
export class ListVideosDto extends ListVideosQueryDto implements ListVideosRequest {
  @IsUUID() userId!: string;
}
