import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Equals, IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength, ValidateBy } from 'class-validator';
import {
  DIALOGUE_TEXT, INFLUENCER_DESCRIPTION, MEDIA_URL_MAX_LENGTH, ONE_SHOT_GENDERS, ONE_SHOT_SCRIPT_MAX_CHARACTERS, PORTRAIT_PROMPT, PORTRAIT_SIZE_TEXT, SCRIPT_DURATION, SCRIPT_TOPIC,
  scriptProblem, SPEECH_VOLUME, SpeechSettingMessages, VOICE_ID_MAX_LENGTH, type AudioBody, type CaptionsChoice, type InfluencerImageRequest, type LipSyncRequest, type PipelineRequest,
  type ScriptRequestBody, type UserAudioRequest, type UserLipSyncRequest, type UserScriptRequest, type VideoFormatId,
} from '@lipcast/contracts';
import { CaptionsField, LengthField, OptionalNumberIn, RequestDto, SpeechEmotionField, SpeechPitchField, SpeechSpeedField, TakeSeedField, VideoFormatField } from './request-dto';

/*
 * The wizard's, the Creator's and One Shot's requests: each body as the gateway takes it from the
 * page, and as the generation service takes it from NATS with the signed-in user's id.
 */

/**
 * `POST /api/replicate/audio` (spec section 3, Audio parameters). The page's `estimatedDuration`
 * and `videoDuration` are read by nobody: the ValidationPipe strips them with any other field. The
 * voice is checked against the active provider by the service.
 */
export class AudioRequestDto extends RequestDto implements AudioBody {
  @ApiProperty({ maxLength: DIALOGUE_TEXT.max, description: 'the dialogue to speak' })
  @IsString({ message: DIALOGUE_TEXT.messages.blank })
  @Matches(/\S/, { message: DIALOGUE_TEXT.messages.blank })
  @MaxLength(DIALOGUE_TEXT.max, { message: DIALOGUE_TEXT.messages.max })
  text!: string;

  @ApiProperty({ example: 'Wise_Woman', description: 'a voice of GET /api/replicate/voices' })
  @IsString({ message: 'voice_id is required' })
  @MaxLength(VOICE_ID_MAX_LENGTH, { message: 'voice_id is not a known voice' })
  voice_id!: string;

  @SpeechEmotionField()
  emotion?: string;

  @SpeechPitchField()
  pitch?: number;

  @SpeechSpeedField()
  speed?: number;

  @ApiPropertyOptional({ minimum: SPEECH_VOLUME.min, maximum: SPEECH_VOLUME.max, default: SPEECH_VOLUME.default })
  @OptionalNumberIn(SPEECH_VOLUME, SpeechSettingMessages.volume)
  volume?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(40)
  language?: string;

  @ApiPropertyOptional({ description: 'the actor or influencer the audio is for (kept with the project)' })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  videoId?: string;
}

export class UserAudioRequestDto extends AudioRequestDto implements UserAudioRequest {
  @IsUUID() userId!: string;
}

/** `POST /api/openai/generate-script`: One Shot's script step (spec section 5: the topic; section 9: 15 seconds unless said). */
export class ScriptRequestDto extends RequestDto implements ScriptRequestBody {
  @LengthField(SCRIPT_TOPIC)
  topic!: string;

  @ApiPropertyOptional({ minimum: SCRIPT_DURATION.min, maximum: SCRIPT_DURATION.max, description: 'seconds the script may take to say' })
  @OptionalNumberIn(SCRIPT_DURATION, SCRIPT_DURATION.message)
  maxDuration?: number;
}

export class UserScriptRequestDto extends ScriptRequestDto implements UserScriptRequest {
  @IsUUID() userId!: string;
}

const OptionalMediaUrl = (description: string) =>
  applyDecorators(ApiPropertyOptional({ maxLength: MEDIA_URL_MAX_LENGTH, description }), MaxLength(MEDIA_URL_MAX_LENGTH), IsString(), IsOptional());

/**
 * `POST /api/replicate/lipsync` (spec section 3, Lipsync request). The page's `videoDuration` and
 * `audioParams` are read by nobody: the ValidationPipe strips them with any other field.
 */
export class LipSyncRequestDto extends RequestDto implements LipSyncRequest {
  @ApiProperty({ maxLength: MEDIA_URL_MAX_LENGTH, description: "the actor's or influencer's video (a media URL)" })
  @IsString({ message: 'video is required' })
  @MaxLength(MEDIA_URL_MAX_LENGTH)
  video!: string;

  @OptionalMediaUrl('the speech (a media URL of POST /api/replicate/audio)')
  audio?: string;

  @OptionalMediaUrl('the speech, as `audio`')
  audioUrl?: string;

  @VideoFormatField()
  format?: VideoFormatId;

  @CaptionsField()
  captions?: CaptionsChoice;

  @TakeSeedField({ description: 'the take: absent or 0, the first; another seed makes a new take of the same video and audio (a new video, charged), the same seed answers the same one' })
  seed?: number;
}

export class UserLipSyncRequestDto extends LipSyncRequestDto implements UserLipSyncRequest {
  @IsUUID() userId!: string;
}

/** `POST /api/ai-influencer/image`: the Creator's portrait. */
export class InfluencerImageDto extends RequestDto implements InfluencerImageRequest {
  @LengthField(PORTRAIT_PROMPT, { description: 'who to draw' })
  prompt!: string;

  @ApiPropertyOptional({ enum: [PORTRAIT_SIZE_TEXT] })
  @IsOptional()
  @Equals(PORTRAIT_SIZE_TEXT, { message: `size must be ${PORTRAIT_SIZE_TEXT}` })
  size?: string;
}

export class UserInfluencerImageDto extends InfluencerImageDto {
  @IsUUID() userId!: string;
}

/** A script One Shot can speak within its clip (spec section 9's budget: words / 2.2 + 1 seconds, at most 15); one message saying what is wrong. */
const IsSpeakableScript = () =>
  ValidateBy({
    name: 'isSpeakableScript',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && scriptProblem(value) === null,
      defaultMessage: (args) => (typeof args?.value === 'string' ? scriptProblem(args.value) : null) ?? 'Script must be text',
    },
  });

/** `POST /api/ai-influencer/pipeline` (One Shot), with spec section 5's rules and messages. */
export class PipelineRequestDto extends RequestDto implements PipelineRequest {
  @LengthField(INFLUENCER_DESCRIPTION, { description: 'who the influencer is' })
  influencerDescription!: string;

  @ApiPropertyOptional({ enum: ONE_SHOT_GENDERS })
  @IsOptional()
  @IsIn(ONE_SHOT_GENDERS, { message: 'Gender must be male or female' })
  gender?: 'male' | 'female';

  @LengthField(SCRIPT_TOPIC, { description: 'what the influencer talks about' })
  scriptTopic!: string;

  /** The creator's edited script (trimmed); without it the run writes one from the topic. */
  @ApiPropertyOptional({ maxLength: ONE_SHOT_SCRIPT_MAX_CHARACTERS, description: 'the script as the creator edited it; without it the run writes one from the topic' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsSpeakableScript()
  script?: string;

  @VideoFormatField()
  format?: VideoFormatId;

  @CaptionsField()
  captions?: CaptionsChoice;
}

export class UserPipelineRequestDto extends PipelineRequestDto {
  @IsUUID() userId!: string;
}
