import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Type } from 'class-transformer';
import { IsNumber, IsOptional, IsString, IsUUID, Max, MaxLength, Min, MinLength } from 'class-validator';
import { Subjects, type ScriptResponse, type UserScriptRequest } from '@lipcast/contracts';
import { Quotas } from '../jobs/quotas';
import { ScriptPort } from '../ports/script.port';
import { toServiceError } from '../providers/work';

/** One Shot's script step (spec section 5: the topic is 10 to 1000 characters; section 9: 15 seconds). */
class ScriptDto implements UserScriptRequest {
  @IsUUID()
  userId!: string;

  @IsString({ message: 'Topic must be at least 10 characters' })
  @MinLength(10, { message: 'Topic must be at least 10 characters' })
  @MaxLength(1000, { message: 'Topic cannot exceed 1000 characters' })
  topic!: string;

  @IsOptional()
  @Type(() => Number)
  @IsNumber({}, { message: 'maxDuration must be a number of seconds from 3 to 60' })
  @Min(3, { message: 'maxDuration must be a number of seconds from 3 to 60' })
  @Max(60, { message: 'maxDuration must be a number of seconds from 3 to 60' })
  maxDuration?: number;
}

const SCRIPT_TIMEOUT_MS = 60_000;

@Controller()
export class ScriptsController {
  constructor(
    private readonly writer: ScriptPort,
    private readonly quotas: Quotas,
  ) {}

  @MessagePattern(Subjects.generation.scriptWrite)
  async write(@Payload() request: ScriptDto): Promise<ScriptResponse> {
    // One of today's scripts, taken before the model is asked; a failed answer still counts.
    await this.quotas.consume(request.userId, 'script');
    const script = await this.writer
      .write({ topic: request.topic.trim(), maxDurationSeconds: request.maxDuration ?? 15 }, AbortSignal.timeout(SCRIPT_TIMEOUT_MS))
      .catch((error: unknown) => {
        throw toServiceError(error);
      });
    return { script };
  }
}
