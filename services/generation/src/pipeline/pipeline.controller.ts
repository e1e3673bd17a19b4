import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, IsUUID, MaxLength, MinLength, ValidateBy } from 'class-validator';
import { scriptProblem, Subjects, type JobState, type PipelineRequest, type VideoFormatId, type CaptionsChoice } from '@lipcast/contracts';
import { IsVideoFormat } from '../jobs/video-format.validation';
import { IsCaptionsChoice } from '../captions/captions.validation';
import { PipelineService } from './pipeline.service';

/** A script One Shot can speak within its clip (spec section 9's budget: words / 2.2 + 1 seconds, at most 15); one message saying what is wrong. */
const IsSpeakableScript = () =>
  ValidateBy({
    name: 'isSpeakableScript',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && scriptProblem(value) === null,
      defaultMessage: (args) => (typeof args?.value === 'string' ? scriptProblem(args.value) : null) ?? 'Script must be text',
    },
  });

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

  /** The creator's edited script (trimmed); without it the run writes one from the topic. */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsSpeakableScript()
  script?: string;

  @IsVideoFormat()
  format?: VideoFormatId;

  @IsCaptionsChoice()
  captions?: CaptionsChoice;
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
