import { Type } from 'class-transformer';
import { IsNumber, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import { MAX_SPEECH_TEXT_LENGTH, type UserAudioRequest } from '@lipcast/contracts';
import { IsSpeechEmotion, IsSpeechPitch, IsSpeechSpeed } from './speech-settings.validation';

/** `POST /api/replicate/audio` (spec section 3, Audio parameters); the voice id is checked against the active provider. */
export class AudioRequestDto implements UserAudioRequest {
  @IsUUID()
  userId!: string;

  @IsString({ message: 'Please enter dialogue text' })
  @Matches(/\S/, { message: 'Please enter dialogue text' })
  @MaxLength(MAX_SPEECH_TEXT_LENGTH, { message: `Dialogue text must be at most ${MAX_SPEECH_TEXT_LENGTH} characters` })
  text!: string;

  @IsString({ message: 'voice_id is required' })
  @MaxLength(60, { message: 'voice_id is not a known voice' })
  voice_id!: string;

  @IsSpeechEmotion()
  emotion?: string;

  @IsSpeechPitch()
  pitch?: number;

  @IsSpeechSpeed()
  speed?: number;

  @IsOptional()
  @Type(() => Number)
  @IsNumber({}, { message: 'volume must be a number from 0 to 10' })
  @Min(0, { message: 'volume must be a number from 0 to 10' })
  @Max(10, { message: 'volume must be a number from 0 to 10' })
  volume?: number;

  @IsOptional()
  @IsString()
  @MaxLength(40)
  language?: string;

  @IsOptional() @Type(() => Number) @IsNumber() estimatedDuration?: number;
  @IsOptional() @Type(() => Number) @IsNumber() videoDuration?: number;

  @IsOptional()
  @IsString()
  @MaxLength(1000)
  videoId?: string;
}
