import { Body, Get, HttpCode, HttpStatus, Param, ParseIntPipe, ParseUUIDPipe, Post, Query, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBadRequestResponse, ApiBody, ApiConflictResponse, ApiConsumes, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { Response } from 'express';
import { BATCH_CSV_COLUMNS, BATCH_MAX_ROWS, ErrorCode, type ApiKeyIdentity } from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';
import { ListVideosQueryDto } from '@lipcast/nest-kit/requests';
import { ApiKeyOwner, RequireScopes } from './api-key-owner';
import { ApiV1Controller, errorExample } from './api-v1-controller';
import { ApiV1ErrorDto } from './api-v1.dto';
import { BatchOperations } from './batch-operations';
import { apiV1Batch, apiV1BatchAccepted, ApiV1BatchAcceptedDto, ApiV1BatchDto, apiV1BatchList, ApiV1BatchListDto, CreateBatchBodyDto } from './batches.dto';

const NO_SUCH_BATCH = 'No such batch';
export const BATCH_ID = new ParseUUIDPipe({ exceptionFactory: () => ServiceError.notFound(NO_SUCH_BATCH) });
export const ROW_NUMBER = new ParseIntPipe({ exceptionFactory: () => ServiceError.notFound('No such row') });

const notFoundResponse = ApiNotFoundResponse({ description: 'No batch of yours has this id', type: ApiV1ErrorDto, example: errorExample(ErrorCode.NotFound, NO_SUCH_BATCH) });

const CSV_EXAMPLE = `${BATCH_CSV_COLUMNS.join(',')}\nipfs-puppet-video-2,,"Hello, and welcome!",Wise_Woman,happy,1.1,0\n,42,Our summer sale starts today.,Calm_Woman,,,\n`;

/**
 * The public API's batches: many videos from one CSV or JSON upload, made and run by the generation
 * service (`generation.batches.*.v1`), and their videos downloaded as one ZIP streamed from the store.
 */
@ApiTags('batches')
@ApiV1Controller('batches')
export class BatchesV1Controller {
  constructor(private readonly batches: BatchOperations) {}

  @Post()
  @HttpCode(HttpStatus.ACCEPTED)
  @RequireScopes('videos:write')
  @ApiOperation({
    summary: 'Make many videos from a CSV or JSON upload',
    description:
      `Scope: \`videos:write\`. A \`text/csv\` body (a header row naming columns of ${BATCH_CSV_COLUMNS.join(', ')}; quotes, commas and line breaks in quotes as RFC 4180) ` +
      `or JSON \`{rows: [...]}\`; at most ${BATCH_MAX_ROWS} rows and 1 MB. Every row is checked first: an invalid one is answered with its error and never run nor charged; ` +
      'the valid ones use one generation each and run a few at a time. Poll `GET /api/v1/batches/{id}`, or subscribe a webhook endpoint to `batch.completed`.',
  })
  @ApiConsumes('application/json', 'text/csv')
  @ApiBody({
    schema: { oneOf: [{ $ref: getSchemaPath(CreateBatchBodyDto) }, { type: 'string', description: 'CSV' }] },
    examples: {
      json: { value: { rows: [{ actor: 'ipfs-puppet-video-2', script: 'Hello, and welcome!', voice: 'Wise_Woman', emotion: 'happy' }] } },
      csv: { value: CSV_EXAMPLE },
    },
  })
  @ApiAcceptedResponse({ type: ApiV1BatchAcceptedDto })
  @ApiBadRequestResponse({
    description: 'The CSV cannot be read (a quote left open, an unknown column, more than 100 rows) or no rows were given',
    type: ApiV1ErrorDto,
    example: errorExample(ErrorCode.Validation, 'A batch takes at most 100 rows; this CSV has 120'),
  })
  @ApiResponse({
    status: HttpStatus.PAYMENT_REQUIRED,
    description: 'Fewer generations left than valid rows: nothing was started',
    type: ApiV1ErrorDto,
    example: errorExample(ErrorCode.PaymentRequired, 'This batch needs 18 generations; you have 3 left', { requiresPayment: true, limit: 3, requiresAdditionalOnly: false }),
  })
  async create(@ApiKeyOwner() owner: ApiKeyIdentity, @Body() body: CreateBatchBodyDto): Promise<ApiV1BatchAcceptedDto> {
    return apiV1BatchAccepted(await this.batches.create(owner.userId, body));
  }

  @Get()
  @RequireScopes('videos:read')
  @ApiOperation({
    summary: 'Your batches, newest first, in pages',
    description: "Scope: `videos:read`. Each with its counts, without its rows (`GET /api/v1/batches/{id}` has them). Paged as `GET /api/v1/videos`: pass a page's `next_cursor` as `cursor` for the next one.",
  })
  @ApiOkResponse({ type: ApiV1BatchListDto })
  @ApiBadRequestResponse({ description: 'A cursor this API did not give, or a limit out of range', type: ApiV1ErrorDto, example: errorExample(ErrorCode.Validation, 'limit must be a whole number from 1 to 100') })
  async list(@ApiKeyOwner() owner: ApiKeyIdentity, @Query() query: ListVideosQueryDto): Promise<ApiV1BatchListDto> {
    return apiV1BatchList(await this.batches.list(owner.userId, query));
  }

  @Get(':id')
  @RequireScopes('videos:read')
  @ApiOperation({ summary: 'One batch: every row\'s status, progress, video and error', description: 'Scope: `videos:read`.' })
  @ApiOkResponse({ type: ApiV1BatchDto })
  @notFoundResponse
  async get(@ApiKeyOwner() owner: ApiKeyIdentity, @Param('id', BATCH_ID) batchId: string): Promise<ApiV1BatchDto> {
    return apiV1Batch(await this.batches.get(owner.userId, batchId));
  }

  @Post(':id/rows/:row/retry')
  @HttpCode(HttpStatus.ACCEPTED)
  @RequireScopes('videos:write')
  @ApiOperation({ summary: 'Run a failed row again, alone, as a new video', description: 'Scope: `videos:write`. Uses one more generation when it starts.' })
  @ApiAcceptedResponse({ type: ApiV1BatchDto })
  @ApiConflictResponse({ description: 'The row did not fail', type: ApiV1ErrorDto, example: errorExample(ErrorCode.Conflict, 'Row 3 is succeeded: only a failed row is retried') })
  @notFoundResponse
  async retry(@ApiKeyOwner() owner: ApiKeyIdentity, @Param('id', BATCH_ID) batchId: string, @Param('row', ROW_NUMBER) row: number): Promise<ApiV1BatchDto> {
    return apiV1Batch(await this.batches.retryRow(owner.userId, batchId, row));
  }

  @Get(':id/zip')
  @RequireScopes('videos:read')
  @ApiOperation({
    summary: "The batch's succeeded videos as one ZIP",
    description: 'Scope: `videos:read`. Entries `row-<n>.mp4`, streamed as they are read (no Content-Length); rows still running are not in it yet.',
  })
  @ApiOkResponse({ description: 'The ZIP', content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } } })
  @ApiConflictResponse({ description: 'No row has succeeded yet', type: ApiV1ErrorDto, example: errorExample(ErrorCode.Conflict, 'No video of this batch has succeeded yet') })
  @notFoundResponse
  async zip(@ApiKeyOwner() owner: ApiKeyIdentity, @Param('id', BATCH_ID) batchId: string, @Res() response: Response): Promise<void> {
    await this.batches.sendZip(owner.userId, batchId, response);
  }
}
