import { ApiHideProperty, ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsObject, IsOptional, IsString } from 'class-validator';
import {
  BATCH_CSV_COLUMNS, BATCH_MAX_ROWS, type ApiV1List, type Batch, type BatchCounts, type BatchPage, type BatchRow, type BatchRowField, type BatchRowInput, type BatchRowStatus, type BatchStatus,
} from '@lipcast/contracts';
import { VideoSpecDto } from '@lipcast/nest-kit/requests';

/*
 * The batches of the public API at its edge, in snake_case. The rows pass on to the generation
 * service, which checks each with a video create's rules and answers each its own error.
 */

const BATCH_ID_EXAMPLE = '8d0c2f61-5b7e-4a8e-b1f3-0c9d2e4a6b17';
const ROW_STATUSES: BatchRowStatus[] = ['pending', 'running', 'succeeded', 'failed', 'invalid'];

/** One row of a JSON batch: a video create's fields but `webhook_url` and `metadata`. */
class BatchRowBodyDto extends PickType(VideoSpecDto, ['actor', 'influencer', 'script', 'voice', 'emotion', 'speed', 'pitch'] as const) {}

export const NO_BATCH_ROWS = 'Send a text/csv body, or JSON {rows: [...]} with at least one row';

/**
 * `POST /api/v1/batches` as JSON; a `text/csv` body arrives here as `csv` (see `batchBodyParsers`).
 * The upload's shape is checked here (`rowsOf` wants one of the two), each row by the service.
 */
export class CreateBatchBodyDto {
  @ApiPropertyOptional({ type: [BatchRowBodyDto], maxItems: BATCH_MAX_ROWS, description: 'the rows, each a video create\'s fields (actor or influencer, script, voice, emotion, speed, pitch)' })
  @IsOptional()
  @ArrayMaxSize(BATCH_MAX_ROWS, { message: ({ value }) => `A batch takes at most ${BATCH_MAX_ROWS} rows; this one has ${(value as unknown[]).length}` })
  @IsObject({ each: true, message: 'Each row must be an object' })
  @IsArray({ message: NO_BATCH_ROWS })
  rows?: BatchRowInput[];

  @ApiHideProperty()
  @IsOptional()
  @IsString()
  csv?: string;
}

class ApiV1BatchRowResultDto {
  @ApiProperty({ example: 3, description: '1-based, in the order given (a CSV\'s header is not a row)' })
  row!: number;

  @ApiProperty({ enum: ROW_STATUSES, example: 'invalid' })
  status!: BatchRowStatus;

  @ApiPropertyOptional({ example: 'script is required', description: 'why the row is invalid' })
  error?: string;

  @ApiPropertyOptional({ enum: BATCH_CSV_COLUMNS, nullable: true, example: 'script', description: 'with `error`: the field (CSV column) the error is about; null when it is about no one field' })
  field?: BatchRowField | null;
}

/** `202` to a create: the batch's id and every row's verdict. */
export class ApiV1BatchAcceptedDto {
  @ApiProperty({ format: 'uuid', example: BATCH_ID_EXAMPLE })
  id!: string;

  @ApiProperty({ type: [ApiV1BatchRowResultDto], example: [{ row: 1, status: 'running' }, { row: 2, status: 'invalid', error: 'script is required', field: 'script' }, { row: 3, status: 'pending' }] })
  rows!: ApiV1BatchRowResultDto[];
}

class ApiV1BatchCountsDto implements BatchCounts {
  @ApiProperty({ example: 20 }) total!: number;
  @ApiProperty({ example: 0 }) pending!: number;
  @ApiProperty({ example: 0 }) running!: number;
  @ApiProperty({ example: 18 }) succeeded!: number;
  @ApiProperty({ example: 0 }) failed!: number;
  @ApiProperty({ example: 2 }) invalid!: number;
}

class ApiV1BatchRowDto {
  @ApiProperty({ example: 1 })
  row!: number;

  @ApiProperty({ enum: ROW_STATUSES, example: 'succeeded' })
  status!: BatchRowStatus;

  @ApiProperty({ example: 1, minimum: 0, maximum: 1 })
  progress!: number;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: '3f1c9a52-7a3e-4c8e-9d59-2b1f0e6c4a10', description: 'its video (`GET /api/v1/videos/{id}`); a retried row names its newest' })
  video_id!: string | null;

  @ApiProperty({ type: String, nullable: true, example: null, description: 'why it is invalid or failed' })
  error!: string | null;

  @ApiProperty({ enum: BATCH_CSV_COLUMNS, nullable: true, example: null, description: "the field (CSV column) an invalid row's error is about; null for a failed row or an error about no one field" })
  field!: BatchRowField | null;
}

/** A batch without its rows, as `GET /api/v1/batches` lists it. */
export class ApiV1BatchSummaryDto {
  @ApiProperty({ format: 'uuid', example: BATCH_ID_EXAMPLE })
  id!: string;

  @ApiProperty({ enum: ['running', 'completed'], example: 'completed', description: 'completed once no row is pending or running' })
  status!: BatchStatus;

  @ApiProperty({ format: 'date-time', example: '2026-11-26T14:00:00.000Z' })
  created_at!: string;

  @ApiProperty({ type: ApiV1BatchCountsDto })
  counts!: BatchCounts;
}

/** A batch as `GET /api/v1/batches/{id}` answers it. */
export class ApiV1BatchDto extends ApiV1BatchSummaryDto {
  @ApiProperty({ type: [ApiV1BatchRowDto] })
  rows!: ApiV1BatchRowDto[];
}

/** `GET /api/v1/batches`: a page, newest first (paged as `GET /api/v1/videos`). */
export class ApiV1BatchListDto implements ApiV1List<ApiV1BatchSummaryDto> {
  @ApiProperty({ type: [ApiV1BatchSummaryDto], description: 'newest first, without their rows' })
  data!: ApiV1BatchSummaryDto[];

  @ApiProperty({ type: String, nullable: true, example: 'WzE3OTQ2NjU2MDAwMDAsIjhkMGMyZjYxLTViN2UtNGE4ZS1iMWYzLTBjOWQyZTRhNmIxNyJd', description: "the next page's `cursor`; null on the last page" })
  next_cursor!: string | null;
}

const apiV1BatchRow = (row: BatchRow): ApiV1BatchRowDto => ({ row: row.row, status: row.status, progress: row.progress, video_id: row.videoId, error: row.error, field: row.field ?? null });

const apiV1BatchSummary = (batch: Omit<Batch, 'rows'>): ApiV1BatchSummaryDto => ({ id: batch.id, status: batch.status, created_at: batch.createdAt, counts: batch.counts });

export const apiV1Batch = (batch: Batch): ApiV1BatchDto => ({ ...apiV1BatchSummary(batch), rows: batch.rows.map(apiV1BatchRow) });

export const apiV1BatchList = (page: BatchPage): ApiV1BatchListDto => ({ data: page.batches.map(apiV1BatchSummary), next_cursor: page.nextCursor });

export const apiV1BatchAccepted = (batch: Batch): ApiV1BatchAcceptedDto => ({
  id: batch.id,
  rows: batch.rows.map((row) => ({ row: row.row, status: row.status, ...(row.error ? { error: row.error, field: row.field ?? null } : {}) })),
});
