import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Subjects, type JobState } from '@lipcast/contracts';
import { Handles } from '@lipcast/nest-kit';
import { UserLipSyncRequestDto } from '@lipcast/nest-kit/requests';
import { LipSyncService } from './lipsync.service';

@Controller()
export class LipSyncController {
  constructor(private readonly lipSync: LipSyncService) {}

  @Handles(Subjects.generation.lipsyncStart)
  start(@Payload() request: UserLipSyncRequestDto): Promise<JobState> {
    return this.lipSync.start(request);
  }
}
