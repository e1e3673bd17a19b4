import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { IsUUID } from 'class-validator';
import { Subjects, type JobState, type UserJobRequest } from '@lipcast/contracts';
import { Handles } from '@lipcast/nest-kit';
import { UserDto } from '../user.dto';
import { JobsService } from './jobs.service';

class JobDto extends UserDto implements UserJobRequest {
  @IsUUID('all', { message: 'No such generation' }) jobId!: string;
}

@Controller()
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @Handles(Subjects.generation.jobGet)
  get(@Payload() request: JobDto): Promise<JobState> {
    return this.jobs.get(request.userId, request.jobId);
  }

  @Handles(Subjects.generation.jobCancel)
  cancel(@Payload() request: JobDto): Promise<JobState> {
    return this.jobs.cancel(request.userId, request.jobId);
  }
}
