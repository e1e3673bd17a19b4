import { Type } from 'class-transformer';
import { IsInt, IsObject, IsOptional, IsString, IsUrl, IsUUID, Matches, Max, MaxLength, Min, MinLength, ValidateBy } from 'class-validator';
import {
  IDEMPOTENCY_KEY_MAX_LENGTH, MAX_SPEECH_TEXT_LENGTH, VIDEO_LIST_MAX_LIMIT, VIDEO_METADATA_MAX_BYTES, type CreateVideoRequest,
  type ListVideosRequest, type UserVideoRequest, type VideoFormatId, type CaptionsChoice,
} from '@lipcast/contracts';
import { IsStoredId } from '@lipcast/nest-kit';
import { IsSpeechEmotion, IsSpeechPitch, IsSpeechSpeed } from '../audio/speech-settings.validation';
import { IsVideoFormat } from '../jobs/video-format.validation';
import { IsCaptionsChoice } from '../captions/captions.validation';

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

/**
 * `POST /api/v1/videos`: the wizard's speech rules (dialogue text, voice, emotion, speed, pitch; the
 * voice is checked against the active provider when the video is planned), and exactly one of actor
 * and influencer (checked by the service, which also finds the clip).
 */
export class CreateVideoDto implements CreateVideoRequest {
  @IsUUID() userId!: string;

  @IsOptional()
  @IsString({ message: 'Idempotency-Key must be text' })
  @MinLength(1, { message: 'Idempotency-Key must not be empty' })
  @MaxLength(IDEMPOTENCY_KEY_MAX_LENGTH, { message: `Idempotency-Key must be at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters` })
  idempotencyKey?: string;

  @IsOptional()
  @IsString({ message: "actor must be a built-in actor's id" })
  @MaxLength(100, { message: "actor must be a built-in actor's id" })
  actor?: string;

  @IsOptional()
  @Type(() => Number) // a batch's CSV gives it as text, as it does speed and pitch
  @IsStoredId("influencer must be an influencer's id")
  influencer?: number;

  @IsString({ message: 'script is required' })
  @Matches(/\S/, { message: 'script is required' })
  @MaxLength(MAX_SPEECH_TEXT_LENGTH, { message: `script must be at most ${MAX_SPEECH_TEXT_LENGTH} characters` })
  script!: string;

  @IsString({ message: 'voice is required' })
  @MaxLength(60, { message: 'voice is not a known voice' })
  voice!: string;

  @IsSpeechEmotion()
  emotion?: string;

  @IsSpeechSpeed()
  speed?: number;

  @IsSpeechPitch()
  pitch?: number;

  @IsOptional()
  @IsUrl({ protocols: ['https', 'http'], require_protocol: true, require_tld: false }, { message: 'webhook_url must be an http(s) URL' })
  @MaxLength(2048, { message: 'webhook_url must be at most 2048 characters' })
  webhookUrl?: string;

  @IsOptional()
  @IsObject({ message: METADATA_MESSAGE })
  @IsSmallJsonObject()
  metadata?: Record<string, unknown>;

  @IsVideoFormat()
  format?: VideoFormatId;

  @IsCaptionsChoice()
  captions?: CaptionsChoice;
}

export class UserVideoDto implements UserVideoRequest {
  @IsUUID() userId!: string;
  @IsUUID('all', { message: 'No such video' }) videoId!: string;
}

export class ListVideosDto implements ListVideosRequest {
  @IsUUID() userId!: string;

  @IsOptional()
  @IsString({ message: 'cursor is not one this API gave' })
  @MaxLength(200, { message: 'cursor is not one this API gave' })
  cursor?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: `limit must be a whole number from 1 to ${VIDEO_LIST_MAX_LIMIT}` })
  @Min(1, { message: `limit must be a whole number from 1 to ${VIDEO_LIST_MAX_LIMIT}` })
  @Max(VIDEO_LIST_MAX_LIMIT, { message: `limit must be a whole number from 1 to ${VIDEO_LIST_MAX_LIMIT}` })
  limit?: number;
}
