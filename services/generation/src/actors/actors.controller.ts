import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { Subjects, type Actor, type SampleVideos } from '@lipcast/contracts';
import { listActors, listSamples } from './catalog';

@Controller()
export class ActorsController {
  @MessagePattern(Subjects.generation.actorsList)
  actors(): Actor[] {
    return listActors();
  }

  @MessagePattern(Subjects.generation.samplesList)
  samples(): SampleVideos {
    return listSamples();
  }
}
