import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Subjects, type AudioResponse } from '@lipcast/contracts';
import { UserAudioRequestDto } from '@lipcast/nest-kit/requests';
import { Handles } from '@lipcast/nest-kit';
import { Quotas } from '../jobs/quotas';
import { SpeechPort } from '../ports/speech.port';
import { AudioService } from './audio.service';

@Controller()
export class AudioController {
  constructor(
    private readonly audio: AudioService,
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
}
