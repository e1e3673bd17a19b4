import { IsIn, IsString, MaxLength } from 'class-validator';
import { SpeechSettingMessages, VOICE_EMOTIONS, VOICE_ID_MAX_LENGTH, type VoiceEmotion, type VoiceSampleRequest } from '@lipcast/contracts';

/** `generation.voices.sample.v1`: the voice is checked against the active provider's list by the service. */
export class VoiceSampleRequestDto implements VoiceSampleRequest {
  @IsString({ message: 'voiceId is required' })
  @MaxLength(VOICE_ID_MAX_LENGTH, { message: 'voiceId is not a known voice' })
  voiceId!: string;

  @IsIn(VOICE_EMOTIONS, { message: SpeechSettingMessages.emotion })
  emotion!: VoiceEmotion;
}
