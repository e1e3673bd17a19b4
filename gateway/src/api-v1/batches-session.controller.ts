import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Batch, BatchPage } from '@lipcast/contracts';
import { ListVideosQueryDto } from '@lipcast/nest-kit/requests';
import { CurrentUserId } from '../auth/signed-in.guard';
import { BatchOperations } from './batch-operations';
import { BATCH_ID, ROW_NUMBER } from './batches.controller';
import { CreateBatchBodyDto } from './batches.dto';

/**
 * The app's batch page (`/batches`): the same batches as `/api/v1/batches` (the same CSV reading,
 * checks, service and ZIP, through `BatchOperations`) for the signed-in user, as session routes
 * (same-site for the writes as every session write), never reachable with a key. They answer the
 * contracts' types; a 402 carries the paywall's facts as every spending session route's.
 */
@ApiTags('batches')
@Controller('batches')
export class BatchesSessionController {
  constructor(private readonly batches: BatchOperations) {}

  @Post()
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({ summary: 'A batch from an uploaded CSV (`{csv}`) or `{rows}`: every row checked before anything is charged, the valid ones run' })
  create(@CurrentUserId() userId: string, @Body() body: CreateBatchBodyDto): Promise<Batch> {
    return this.batches.create(userId, body);
  }

  @Get()
  @ApiOperation({ summary: "The user's batches, newest first, in pages (`cursor` a page's `nextCursor`)" })
  list(@CurrentUserId() userId: string, @Query() query: ListVideosQueryDto): Promise<BatchPage> {
    return this.batches.list(userId, query);
  }

  @Get(':id')
  @ApiOperation({ summary: "One batch: every row's status, progress, video and error" })
  get(@CurrentUserId() userId: string, @Param('id', BATCH_ID) batchId: string): Promise<Batch> {
    return this.batches.get(userId, batchId);
  }

  @Post(':id/rows/:row/retry')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({ summary: 'Runs a failed row again, alone, as a new video (one more generation)' })
  retry(@CurrentUserId() userId: string, @Param('id', BATCH_ID) batchId: string, @Param('row', ROW_NUMBER) row: number): Promise<Batch> {
    return this.batches.retryRow(userId, batchId, row);
  }

  @Get(':id/zip')
  @ApiOperation({ summary: "The batch's succeeded videos as one ZIP (`row-<n>.mp4`), streamed" })
  zip(@CurrentUserId() userId: string, @Param('id', BATCH_ID) batchId: string, @Res() response: Response): Promise<void> {
    return this.batches.sendZip(userId, batchId, response);
  }
}
