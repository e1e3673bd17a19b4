import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { type CaptionsChoice, VOICE_EMOTIONS, type AudioParams, type AudioRequest, type LipSyncRequest, type ScriptRequestBody, type VideoFormatId } from '@lipcast/contracts';
import { CaptionsField, VideoFormatField } from './video-options.dto';

/*
 * The wizard's bodies are passed on to the generation service, which validates them (one rule, one
 * place, with its own messages). Here each field is declared and `@Allow()`ed: the global
 * ValidationPipe then drops every field these classes do not name before the body goes on NATS,
 * and /api/docs shows the schema.
 */

/** `POST /api/replicate/audio` (spec section 3, Audio parameters). */
export class AudioRequestDto implements AudioRequest {
  @ApiProperty({ description: 'the dialogue to speak' })
  @Allow()
  text!: string;

  @ApiProperty({ example: 'Wise_Woman', description: 'a voice of GET /api/replicate/voices' })
  @Allow()
  voice_id!: string;

  @ApiPropertyOptional({ enum: VOICE_EMOTIONS })
  @Allow()
  emotion?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: -10, maximum: 10 })
  @Allow()
  pitch?: number;

  @ApiPropertyOptional({ minimum: 0.5, maximum: 2 })
  @Allow()
  speed?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: 10 })
  @Allow()
  volume?: number;

  @ApiPropertyOptional()
  @Allow()
  language?: string;

  @ApiPropertyOptional({ description: 'seconds the speech is expected to last' })
  @Allow()
  estimatedDuration?: number;

  @ApiPropertyOptional({ description: 'seconds of the video the speech is for' })
  @Allow()
  videoDuration?: number;

  @ApiPropertyOptional({ description: 'the actor or influencer the audio is for (kept with the project)' })
  @Allow()
  videoId?: string;
}

/** `POST /api/openai/generate-script` (spec sections 7 and 9). */
export class ScriptRequestDto implements ScriptRequestBody {
  @ApiProperty({ minLength: 10, maxLength: 1000 })
  @Allow()
  topic!: string;

  @ApiPropertyOptional({ minimum: 3, maximum: 60, description: 'seconds the script may take to say' })
  @Allow()
  maxDuration?: number;
}

/** `POST /api/replicate/lipsync` (spec section 3, Lipsync request). */
export class LipSyncRequestDto implements LipSyncRequest {
  @ApiProperty({ description: "the actor's or influencer's video (a media URL)" })
  @Allow()
  video!: string;

  @ApiPropertyOptional({ description: 'the speech (a media URL of POST /api/replicate/audio)' })
  @Allow()
  audio?: string;

  @ApiPropertyOptional({ description: 'the speech, as `audio`' })
  @Allow()
  audioUrl?: string;

  @ApiPropertyOptional({ description: 'seconds of the video' })
  @Allow()
  videoDuration?: number;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'the voice settings the audio was made with (kept with the project)' })
  @Allow()
  audioParams?: AudioParams;

  @VideoFormatField()
  format?: VideoFormatId;

  @CaptionsField()
  captions?: CaptionsChoice;
}
