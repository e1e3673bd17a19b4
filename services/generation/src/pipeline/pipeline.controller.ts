import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IsIn, IsOptional, IsString, IsUUID, MaxLength, MinLength } from 'class-validator';
import { Subjects, type JobState, type PipelineRequest } from '@lipcast/contracts';
import { PipelineService } from './pipeline.service';

/** Spec section 5's One Shot rules and messages. */
class PipelineDto implements PipelineRequest {
  @IsUUID() userId!: string;

  @IsString({ message: 'Description must be at least 10 characters' })
  @MinLength(10, { message: 'Description must be at least 10 characters' })
  @MaxLength(1000, { message: 'Description cannot exceed 1000 characters' })
  influencerDescription!: string;

  @IsOptional()
  @IsIn(['male', 'female'], { message: 'Gender must be male or female' })
  gender?: 'male' | 'female';

  @IsString({ message: 'Topic must be at least 10 characters' })
  @MinLength(10, { message: 'Topic must be at least 10 characters' })
  @MaxLength(1000, { message: 'Topic cannot exceed 1000 characters' })
  scriptTopic!: string;
}

class UserDto {
  @IsUUID() userId!: string;
}

@Controller()
export class PipelineController {
  constructor(private readonly pipeline: PipelineService) {}

  @MessagePattern(Subjects.generation.pipelineStart)
  start(@Payload() request: PipelineDto): Promise<JobState> {
    return this.pipeline.start(request.userId, request);
  }

  @MessagePattern(Subjects.generation.pipelineCurrent)
  current(@Payload() request: UserDto): Promise<JobState | null> {
    return this.pipeline.current(request.userId);
  }
}
