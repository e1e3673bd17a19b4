import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Subjects, type JobState } from '@lipcast/contracts';
import { Handles } from '@lipcast/nest-kit';
import { UserPipelineRequestDto } from '@lipcast/nest-kit/requests';
import { UserDto } from '../user.dto';
import { PipelineService } from './pipeline.service';

@Controller()
export class PipelineController {
  constructor(private readonly pipeline: PipelineService) {}

  @Handles(Subjects.generation.pipelineStart)
  start(@Payload() request: UserPipelineRequestDto): Promise<JobState> {
    return this.pipeline.start(request.userId, request);
  }

  @Handles(Subjects.generation.pipelineCurrent)
  current(@Payload() request: UserDto): Promise<JobState | null> {
    return this.pipeline.current(request.userId);
  }
}
