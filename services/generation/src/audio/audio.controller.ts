import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Subjects, type AudioResponse } from '@lipcast/contracts';
import { Quotas } from '../jobs/quotas';
import { AudioRequestDto } from './audio.dto';
import { AudioService } from './audio.service';

@Controller()
export class AudioController {
  constructor(
    private readonly audio: AudioService,
    private readonly quotas: Quotas,
  ) {}

  @MessagePattern(Subjects.generation.voicesList)
  voices(): readonly string[] {
    return this.audio.voices();
  }

  @MessagePattern(Subjects.generation.audioCreate)
  async create(@Payload() request: AudioRequestDto): Promise<AudioResponse> {
    // A valid request takes one of today's speech previews before the provider runs (One Shot calls the
    // service directly: its run is paid by a credit). A preview the provider then fails still counts.
    await this.quotas.consume(request.userId, 'speech');
    return this.audio.create(request);
  }
}
