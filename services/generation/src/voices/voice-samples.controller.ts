import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Subjects, type VoiceSampleResponse } from '@lipcast/contracts';
import { Handles } from '@lipcast/nest-kit';
import { VoiceSampleRequestDto } from './voice-sample.dto';
import { VoiceSamples } from './voice-samples.service';

@Controller()
export class VoiceSamplesController {
  constructor(private readonly samples: VoiceSamples) {}

  /** Free and public: bounded by the known voices × emotions, each made once. */
  @Handles(Subjects.generation.voiceSample)
  sample(@Payload() request: VoiceSampleRequestDto): Promise<VoiceSampleResponse> {
    return this.samples.sample(request.voiceId, request.emotion);
  }
}
