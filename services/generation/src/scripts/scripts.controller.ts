import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { SCRIPT_TIMEOUT_MS, Subjects, type ScriptResponse } from '@lipcast/contracts';
import { Handles } from '@lipcast/nest-kit';
import { UserScriptRequestDto } from '@lipcast/nest-kit/requests';
import { Quotas } from '../jobs/quotas';
import { ScriptPort } from '../ports/script.port';
import { throwAsServiceError } from '../providers/work';

@Controller()
export class ScriptsController {
  constructor(
    private readonly writer: ScriptPort,
    private readonly quotas: Quotas,
  ) {}

  @Handles(Subjects.generation.scriptWrite)
  async write(@Payload() request: UserScriptRequestDto): Promise<ScriptResponse> {
    // One of today's scripts, taken before the model is asked; a failed answer still counts.
    await this.quotas.consume(request.userId, 'script');
    const script = await this.writer
      .write({ topic: request.topic.trim(), maxDurationSeconds: request.maxDuration ?? 15 }, AbortSignal.timeout(SCRIPT_TIMEOUT_MS))
      .catch(throwAsServiceError);
    return { script };
  }
}
