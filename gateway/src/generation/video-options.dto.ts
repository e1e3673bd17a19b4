import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { CAPTION_CHOICES, DEFAULT_CAPTIONS, DEFAULT_VIDEO_FORMAT, VIDEO_FORMAT_IDS } from '@lipcast/contracts';

/*
 * The optional `format` and `captions` of every body that makes a video (the wizard's lip-sync, One
 * Shot, the public API's create). The generation service validates them (one rule, one place), so
 * here they are only documented and `@Allow()`ed: the global ValidationPipe keeps them and drops
 * every field a DTO does not name. A body documents them in its own words with `doc`.
 */

type FieldDoc = Pick<ApiPropertyOptions, 'description' | 'example'>;

/** `format?: VideoFormatId`: one of the video formats, the default when left out. */
export const VideoFormatField = (doc: FieldDoc = {}) =>
  applyDecorators(ApiPropertyOptional({ enum: VIDEO_FORMAT_IDS, default: DEFAULT_VIDEO_FORMAT, description: "the video's format", ...doc }), Allow());

/** `captions?: CaptionsChoice`: the captions burned into the picture, or none. */
export const CaptionsField = (doc: FieldDoc = {}) =>
  applyDecorators(
    ApiPropertyOptional({ enum: CAPTION_CHOICES, default: DEFAULT_CAPTIONS, description: 'captions burned in, and their style (the captions track is made either way)', ...doc }),
    Allow(),
  );
