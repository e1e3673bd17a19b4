import { IsIn, IsString, MaxLength } from 'class-validator';
import { VOICE_EMOTIONS, type VoiceEmotion, type VoiceSampleRequest } from '@lipcast/contracts';

/** `generation.voices.sample.v1`: the voice is checked against the active provider's list by the service. */
export class VoiceSampleRequestDto implements VoiceSampleRequest {
  @IsString({ message: 'voiceId is required' })
  @MaxLength(60, { message: 'voiceId is not a known voice' })
  voiceId!: string;

  @IsIn(VOICE_EMOTIONS, { message: `emotion must be one of: ${VOICE_EMOTIONS.join(', ')}` })
  emotion!: VoiceEmotion;
}
