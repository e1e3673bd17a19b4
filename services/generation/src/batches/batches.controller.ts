import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BATCH_MAX_ROWS, Subjects, type Batch, type BatchList } from '@lipcast/contracts';
import { Handles, ServiceError } from '@lipcast/nest-kit';
import { CreateBatchDto, ListBatchesDto, RetryBatchRowDto, UserBatchDto } from './batches.dto';
import { BatchesService } from './batches.service';

/** The public API's batches (`/api/v1/batches`, behind the gateway's API-key guard). */
@Controller()
export class BatchesController {
  constructor(private readonly batches: BatchesService) {}

  @Handles(Subjects.generation.batchCreate)
  create(@Payload() request: CreateBatchDto): Promise<Batch> {
    if (request.rows.length > BATCH_MAX_ROWS) throw ServiceError.validation(`A batch takes at most ${BATCH_MAX_ROWS} rows`, { field: 'rows' });
    return this.batches.create(request.userId, request.rows, request.availableGenerations);
  }

  @Handles(Subjects.generation.batchGet)
  get(@Payload() request: UserBatchDto): Promise<Batch> {
    return this.batches.get(request.userId, request.batchId);
  }

  @Handles(Subjects.generation.batchesList)
  list(@Payload() request: ListBatchesDto): Promise<BatchList> {
    return this.batches.list(request.userId, request.cursor ?? undefined, request.limit ?? undefined);
  }

  @Handles(Subjects.generation.batchRowRetry)
  retry(@Payload() request: RetryBatchRowDto): Promise<Batch> {
    return this.batches.retryRow(request.userId, request.batchId, request.row);
  }
}
