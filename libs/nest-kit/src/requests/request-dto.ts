import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import {
  ACCEPTED_EMOTIONS, CAPTION_CHOICES, CAPTIONS_MESSAGE, DEFAULT_CAPTIONS, DEFAULT_VIDEO_FORMAT, SPEECH_PITCH, SPEECH_SPEED, SpeechSettingMessages, TAKE_SEED_MAX, TAKE_SEED_MESSAGE,
  VIDEO_FORMAT_IDS, VIDEO_FORMAT_MESSAGE, VOICE_EMOTIONS, type TextLimit,
} from '@lipcast/contracts';
import { ServiceError } from '../errors';

/**
 * What every request class here extends. Each is declared once, for both ends: the gateway validates
 * a body or query with it (and documents it in OpenAPI), the service the NATS message made from it
 * (its `User…` subclass adds the user's id). Both validate with the one pipe (`createValidationPipe`),
 * so a caller gets the same answer whichever end refuses.
 */
export abstract class RequestDto {}

export type FieldDoc = Pick<ApiPropertyOptions, 'description' | 'example'>;

/** A required text of `limit`'s length, refused in its words (its `min` message also for what is no text), its length documented. */
export const LengthField = (limit: TextLimit, doc: FieldDoc = {}) =>
  applyDecorators(
    ApiProperty({ minLength: limit.min, maxLength: limit.max, ...doc }),
    MaxLength(limit.max, { message: limit.messages.max }),
    ...(limit.min === undefined ? [] : [MinLength(limit.min, { message: limit.messages.min })]),
    IsString({ message: limit.messages.min ?? limit.messages.max }),
  );

/** An optional number from `min` to `max` (text of one is read as the number), anything else refused with `message`. */
export const OptionalNumberIn = ({ min, max }: { min: number; max: number }, message: string) =>
  applyDecorators(IsOptional(), Type(() => Number), IsNumber({}, { message }), Min(min, { message }), Max(max, { message }));

/** A query's text: absent when empty (`?cursor=`), as when not given. */
export const EmptyAsAbsent = () => Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value));

/**
 * `limit`: a whole number from 1 to `max` (`fallback` when absent), in a query its digits (empty is
 * absent); one message for anything else, refused at once with `details` when it is no number at all.
 */
export const LimitField = (max: number, fallback: number, details?: Record<string, unknown>) => {
  const message = `limit must be a whole number from 1 to ${max}`;
  const fromQuery = Transform(({ value }: { value: unknown }) => {
    if (value === undefined || value === null || typeof value === 'number') return value;
    if (value === '') return undefined;
    if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
    throw ServiceError.validation(message, details);
  });
  return applyDecorators(
    ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: max, default: fallback }),
    fromQuery,
    IsOptional(),
    IsInt({ message }),
    Min(1, { message }),
    Max(max, { message }),
  );
};

/** `format?: VideoFormatId`: one of the video formats, the default when left out. */
export const VideoFormatField = (doc: FieldDoc = {}) =>
  applyDecorators(
    ApiPropertyOptional({ enum: VIDEO_FORMAT_IDS, default: DEFAULT_VIDEO_FORMAT, description: "the video's format", ...doc }),
    IsOptional(),
    IsIn(VIDEO_FORMAT_IDS, { message: VIDEO_FORMAT_MESSAGE }),
  );

/** `captions?: CaptionsChoice`: the captions burned into the picture, or none. */
export const CaptionsField = (doc: FieldDoc = {}) =>
  applyDecorators(
    ApiPropertyOptional({ enum: CAPTION_CHOICES, default: DEFAULT_CAPTIONS, description: 'captions burned in, and their style (the captions track is made either way)', ...doc }),
    IsOptional(),
    IsIn(CAPTION_CHOICES, { message: CAPTIONS_MESSAGE }),
  );

/** `seed?: number`: a take (contracts' `TAKE_SEED_MAX`); absent or 0, the first; a batch's CSV gives it as text. */
export const TakeSeedField = (doc: FieldDoc = {}) =>
  applyDecorators(
    ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: TAKE_SEED_MAX, default: 0, ...doc }),
    IsOptional(),
    Type(() => Number),
    IsInt({ message: TAKE_SEED_MESSAGE }),
    Min(0, { message: TAKE_SEED_MESSAGE }),
    Max(TAKE_SEED_MAX, { message: TAKE_SEED_MESSAGE }),
  );

// The speech settings as every request that speaks takes them (the wizard's audio, the public API's
// videos and batch rows): optional, in contracts' ranges (`SPEECH_SPEED`, `SPEECH_PITCH`).

export const SpeechEmotionField = (doc: FieldDoc = {}) =>
  applyDecorators(ApiPropertyOptional({ enum: VOICE_EMOTIONS, default: 'neutral', ...doc }), IsOptional(), IsIn(ACCEPTED_EMOTIONS, { message: SpeechSettingMessages.emotion }));

export const SpeechSpeedField = (doc: FieldDoc = {}) =>
  applyDecorators(
    ApiPropertyOptional({ type: Number, minimum: SPEECH_SPEED.min, maximum: SPEECH_SPEED.max, default: SPEECH_SPEED.default, ...doc }),
    OptionalNumberIn(SPEECH_SPEED, SpeechSettingMessages.speed),
  );

export const SpeechPitchField = (doc: FieldDoc = {}) => {
  const message = SpeechSettingMessages.pitch;
  return applyDecorators(
    ApiPropertyOptional({ type: 'integer', minimum: SPEECH_PITCH.min, maximum: SPEECH_PITCH.max, default: SPEECH_PITCH.default, ...doc }),
    IsOptional(),
    Type(() => Number),
    IsInt({ message }),
    Min(SPEECH_PITCH.min, { message }),
    Max(SPEECH_PITCH.max, { message }),
  );
};
