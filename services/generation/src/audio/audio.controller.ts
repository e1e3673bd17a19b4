import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Subjects, type AudioResponse } from '@lipcast/contracts';
import { AudioRequestDto } from './audio.dto';
import { AudioService } from './audio.service';

@Controller()
export class AudioController {
  constructor(private readonly audio: AudioService) {}

  @MessagePattern(Subjects.generation.voicesList)
  voices(): readonly string[] {
    return this.audio.voices();
  }

  @MessagePattern(Subjects.generation.audioCreate)
  create(@Payload() request: AudioRequestDto): Promise<AudioResponse> {
    return this.audio.create(request);
  }
}
