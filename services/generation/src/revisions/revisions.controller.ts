import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Subjects, type CreatedRevision, type VideoRevisions } from '@lipcast/contracts';
import { Handles } from '@lipcast/nest-kit';
import { CreateRevisionDto, ListRevisionsDto } from '@lipcast/nest-kit/requests';
import { RevisionsService } from './revisions.service';

/** Fixes of one sentence of a finished video, for the wizard (by job) and the public API (by video). */
@Controller()
export class RevisionsController {
  constructor(private readonly revisions: RevisionsService) {}

  @Handles(Subjects.generation.revisionCreate)
  create(@Payload() request: CreateRevisionDto): Promise<CreatedRevision> {
    return this.revisions.create(request);
  }

  @Handles(Subjects.generation.revisionsList)
  list(@Payload() request: ListRevisionsDto): Promise<VideoRevisions> {
    return this.revisions.list(request);
  }
}
