import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { IsBoolean, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { AudioUploadMessages, DIALOGUE_TEXT, Subjects, UPLOAD_KEY_PATTERN, type AudioResponse, type AudioUploadAnswer, type AudioUploadRequest } from '@lipcast/contracts';
import { UserAudioRequestDto } from '@lipcast/nest-kit/requests';
import { Handles } from '@lipcast/nest-kit';
import { Quotas } from '../jobs/quotas';
import { SpeechPort } from '../ports/speech.port';
import { UserDto } from '../user.dto';
import { AudioUploads } from './audio-uploads';
import { AudioService } from './audio.service';

/** `generation.audio.upload.v1`: the recording the gateway stored, the consent ticked and what it says if typed. */
class AudioUploadDto extends UserDto implements AudioUploadRequest {
  @IsString() @MaxLength(300) @Matches(UPLOAD_KEY_PATTERN, { message: 'key must be an upload' }) key!: string;
  @IsBoolean({ message: AudioUploadMessages.consent }) consent!: boolean;
  @IsOptional() @IsString() @MaxLength(DIALOGUE_TEXT.max, { message: DIALOGUE_TEXT.messages.max }) text?: string;
}

@Controller()
export class AudioController {
  constructor(
    private readonly audio: AudioService,
    private readonly uploads: AudioUploads,
    private readonly speech: SpeechPort,
    private readonly quotas: Quotas,
  ) {}

  @Handles(Subjects.generation.voicesList)
  voices(): string[] {
    return [...this.speech.voices()];
  }

  @Handles(Subjects.generation.audioCreate)
  async create(@Payload() request: UserAudioRequestDto): Promise<AudioResponse> {
    // A valid request takes one of today's speech previews before the provider runs (One Shot calls the
    // service directly: its run is paid by a credit). A preview the provider then fails still counts.
    await this.quotas.consume(request.userId, 'speech');
    return this.audio.create(request);
  }

  /** Free (no quota: the creator's own voice costs a conversion, and the gateway's preview limit bounds it). */
  @Handles(Subjects.generation.audioUpload)
  upload(@Payload() request: AudioUploadDto): Promise<AudioUploadAnswer> {
    return this.uploads.upload(request);
  }
}
