import { Body, Get, HttpCode, HttpStatus, Param, ParseIntPipe, ParseUUIDPipe, Post, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBadRequestResponse, ApiBody, ApiConflictResponse, ApiConsumes, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  BATCH_CSV_COLUMNS, BATCH_MAX_ROWS, ErrorCode, FREE_GENERATIONS, mediaKeyOf, PREMIUM_GENERATIONS_PER_PERIOD, Subjects, type Account, type ApiKeyIdentity, type Batch,
  type BatchRowInput, type CreateBatchRequest, type GetAccountRequest, type RetryBatchRowRequest, type UserBatchRequest, type UserVideoRequest, type Video,
} from '@lipcast/contracts';
import { ServiceClient, ServiceError, StorageService } from '@lipcast/nest-kit';
import { ApiKeyOwner, RequireScopes } from './api-key-owner';
import { ApiV1Controller } from './api-v1-controller';
import { ApiV1ErrorDto } from './api-v1.dto';
import { batchRowsFromCsv } from './batches-csv';
import { ZipWriter } from './batches-zip';
import { apiV1Batch, apiV1BatchAccepted, ApiV1BatchAcceptedDto, ApiV1BatchDto, CreateBatchBodyDto } from './batches.dto';

/** A create checks every row (voices, clips) before answering: longer than the default reply time. */
const CREATE_REPLY_TIMEOUT_MS = 45_000;

const NO_SUCH_BATCH = 'No such batch';
const BATCH_ID = new ParseUUIDPipe({ exceptionFactory: () => ServiceError.notFound(NO_SUCH_BATCH) });
const ROW_NUMBER = new ParseIntPipe({ exceptionFactory: () => ServiceError.notFound('No such row') });

const errorExample = (code: ErrorCode, message: string, details: Record<string, unknown> | null = null) => ({ error: { code, message, details } });
const notFoundResponse = ApiNotFoundResponse({ description: 'No batch of yours has this id', type: ApiV1ErrorDto, example: errorExample(ErrorCode.NotFound, NO_SUCH_BATCH) });

const CSV_EXAMPLE = `${BATCH_CSV_COLUMNS.join(',')}\nipfs-puppet-video-2,,"Hello, and welcome!",Wise_Woman,happy,1.1,0\n,42,Our summer sale starts today.,Calm_Woman,,,\n`;

/**
 * Generations the user has left as the ledger tells them: the plan's allowance not yet used, and
 * pack credits. A first check only: each row's video still reserves its own generation when it starts.
 */
export const availableGenerations = (account: Account): number =>
  Math.max(0, (account.premium ? PREMIUM_GENERATIONS_PER_PERIOD : FREE_GENERATIONS) - account.generationsCount) + account.extraGenerations;

/**
 * The public API's batches: many videos from one CSV or JSON upload, made and run by the generation
 * service (`generation.batches.*.v1`), and their videos downloaded as one ZIP streamed from the store.
 */
@ApiTags('batches')
@ApiV1Controller('batches')
export class BatchesV1Controller {
  constructor(
    private readonly services: ServiceClient,
    private readonly storage: StorageService,
  ) {}

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
    const rows = this.rowsOf(body);
    const account = await this.services.send<Account, GetAccountRequest>(Subjects.billing.accountGet, { userId: owner.userId });
    const request: CreateBatchRequest = { userId: owner.userId, rows, availableGenerations: availableGenerations(account) };
    const batch = await this.services.send<Batch, CreateBatchRequest>(Subjects.generation.batchCreate, request, CREATE_REPLY_TIMEOUT_MS);
    return apiV1BatchAccepted(batch);
  }

  @Get(':id')
  @RequireScopes('videos:read')
  @ApiOperation({ summary: 'One batch: every row\'s status, progress, video and error', description: 'Scope: `videos:read`.' })
  @ApiOkResponse({ type: ApiV1BatchDto })
  @notFoundResponse
  async get(@ApiKeyOwner() owner: ApiKeyIdentity, @Param('id', BATCH_ID) batchId: string): Promise<ApiV1BatchDto> {
    return apiV1Batch(await this.batch(owner.userId, batchId));
  }

  @Post(':id/rows/:row/retry')
  @HttpCode(HttpStatus.ACCEPTED)
  @RequireScopes('videos:write')
  @ApiOperation({ summary: 'Run a failed row again, alone, as a new video', description: 'Scope: `videos:write`. Uses one more generation when it starts.' })
  @ApiAcceptedResponse({ type: ApiV1BatchDto })
  @ApiConflictResponse({ description: 'The row did not fail', type: ApiV1ErrorDto, example: errorExample(ErrorCode.Conflict, 'Row 3 is succeeded: only a failed row is retried') })
  @notFoundResponse
  async retry(@ApiKeyOwner() owner: ApiKeyIdentity, @Param('id', BATCH_ID) batchId: string, @Param('row', ROW_NUMBER) row: number): Promise<ApiV1BatchDto> {
    const batch = await this.services.send<Batch, RetryBatchRowRequest>(Subjects.generation.batchRowRetry, { userId: owner.userId, batchId, row }, CREATE_REPLY_TIMEOUT_MS);
    return apiV1Batch(batch);
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
    const batch = await this.batch(owner.userId, batchId);
    const entries: { name: string; key: string }[] = [];
    const digits = String(batch.rows.length).length;
    for (const row of batch.rows) {
      if (row.status !== 'succeeded' || !row.videoId) continue;
      // The service answers only the owner's videos; one deleted since is left out.
      const video = await this.services.send<Video, UserVideoRequest>(Subjects.generation.videoGet, { userId: owner.userId, videoId: row.videoId }).catch((error: unknown) => {
        if (error instanceof ServiceError && error.payload.code === ErrorCode.NotFound) return null;
        throw error;
      });
      const key = video?.url ? mediaKeyOf(video.url) : null;
      if (key) entries.push({ name: `row-${String(row.row).padStart(digits, '0')}.mp4`, key });
    }
    if (!entries.length) throw new ServiceError(ErrorCode.Conflict, 'No video of this batch has succeeded yet');

    response.status(200);
    response.setHeader('Content-Type', 'application/zip');
    response.setHeader('Content-Disposition', `attachment; filename="batch-${batch.id}.zip"`);
    response.setHeader('Cache-Control', 'private, no-store');
    const zip = new ZipWriter(response);
    try {
      for (const entry of entries) await zip.add(entry.name, await this.storage.read(entry.key));
      await zip.finish();
      response.end();
    } catch (error) {
      // The status is sent: a cut connection is all that tells the client the ZIP is not whole.
      response.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private batch(userId: string, batchId: string): Promise<Batch> {
    return this.services.send<Batch, UserBatchRequest>(Subjects.generation.batchGet, { userId, batchId });
  }

  /** The rows of a CSV body, or of JSON `{rows}`. */
  private rowsOf(body: CreateBatchBodyDto): BatchRowInput[] {
    if (typeof body.csv === 'string') return batchRowsFromCsv(body.csv);
    const { rows } = body;
    if (!Array.isArray(rows) || !rows.length) throw ServiceError.validation('Send a text/csv body, or JSON {rows: [...]} with at least one row', { field: 'rows' });
    if (rows.length > BATCH_MAX_ROWS) throw ServiceError.validation(`A batch takes at most ${BATCH_MAX_ROWS} rows; this one has ${rows.length}`, { field: 'rows' });
    if (rows.some((row) => typeof row !== 'object' || row === null || Array.isArray(row))) throw ServiceError.validation('Each row must be an object', { field: 'rows' });
    return rows as BatchRowInput[];
  }
}
