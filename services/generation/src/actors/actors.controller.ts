import { Controller } from '@nestjs/common';
import { Subjects, type Actor, type SampleVideos } from '@lipcast/contracts';
import { Handles } from '@lipcast/nest-kit';
import { listActors, listSamples } from './catalog';

@Controller()
export class ActorsController {
  @Handles(Subjects.generation.actorsList)
  actors(): Actor[] {
    return listActors();
  }

  @Handles(Subjects.generation.samplesList)
  samples(): SampleVideos {
    return listSamples();
  }
}
