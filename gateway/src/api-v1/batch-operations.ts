import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import {
  ErrorCode, FREE_GENERATIONS, JOB_START_REPLY_TIMEOUT_MS, mediaKeyOf, PREMIUM_GENERATIONS_PER_PERIOD, Subjects, type Account, type Batch, type BatchPage, type BatchRowInput,
} from '@lipcast/contracts';
import { ServiceClient, ServiceError, StorageService } from '@lipcast/nest-kit';
import { batchRowsFromCsv } from './batches-csv';
import { NO_BATCH_ROWS, type CreateBatchBodyDto } from './batches.dto';
import { ZipWriter } from '../account/zip-writer';

/** A row's file in the batch ZIP: its number padded to the width of the batch's largest, so the files sort in row order. */
export const batchZipEntryName = (row: number, rowCount: number) => `row-${String(row).padStart(String(rowCount).length, '0')}.mp4`;

/** The allowance of the user's plan: what a 402 names as the limit that ran out. */
const planAllowance = (account: Account): number => (account.premium ? PREMIUM_GENERATIONS_PER_PERIOD : FREE_GENERATIONS);

/**
 * Generations the user has left as the ledger tells them: the plan's allowance not yet used, and
 * pack credits. A first check only: each row's video still reserves its own generation when it starts.
 */
export const availableGenerations = (account: Account): number => Math.max(0, planAllowance(account) - account.generationsCount) + account.extraGenerations;

/**
 * The one owner of what a batch does at the gateway, for both its doors: the public API
 * (`/api/v1/batches`, an API key) and the app's batch page (`/api/batches`, the session). Rows are
 * read from the CSV or JSON here, then made, read, listed and retried by the generation service
 * (`generation.batches.*.v1`); the ZIP of a batch's videos is streamed from the store.
 */
@Injectable()
export class BatchOperations {
  constructor(
    private readonly services: ServiceClient,
    private readonly storage: StorageService,
  ) {}

  /**
   * Makes a batch from an upload. The service checks every row before anything is charged; fewer
   * generations left than valid rows is `PAYMENT_REQUIRED` with the paywall's facts (the plan's
   * limit, and whether only a pack can be bought), nothing started.
   */
  async create(userId: string, upload: CreateBatchBodyDto): Promise<Batch> {
    const rows = rowsOf(upload);
    const account = await this.services.send(Subjects.billing.accountGet, { userId });
    return this.services.send(Subjects.generation.batchCreate, { userId, rows, availableGenerations: availableGenerations(account) }, JOB_START_REPLY_TIMEOUT_MS).catch((error: unknown) => {
      if (error instanceof ServiceError && error.payload.code === ErrorCode.PaymentRequired) {
        throw new ServiceError(ErrorCode.PaymentRequired, error.payload.message, { ...error.payload.details, limit: planAllowance(account), requiresAdditionalOnly: account.premium });
      }
      throw error;
    });
  }

  get(userId: string, batchId: string): Promise<Batch> {
    return this.services.send(Subjects.generation.batchGet, { userId, batchId });
  }

  /** Newest first, in pages as the videos' list (`ListVideosQueryDto` reads the query). */
  async list(userId: string, page: { cursor?: string; limit?: number }): Promise<BatchPage> {
    const answer = await this.services.send(Subjects.generation.batchesList, { userId, ...page });
    return { batches: answer.batches, nextCursor: answer.nextCursor ?? null };
  }

  retryRow(userId: string, batchId: string, row: number): Promise<Batch> {
    return this.services.send(Subjects.generation.batchRowRetry, { userId, batchId, row }, JOB_START_REPLY_TIMEOUT_MS);
  }

  /**
   * The batch's succeeded videos as one ZIP (`row-<n>.mp4`), streamed to `response` as each is read
   * from the store; `CONFLICT` (before anything is sent) when none has succeeded.
   */
  async sendZip(userId: string, batchId: string, response: Response): Promise<void> {
    const batch = await this.get(userId, batchId);
    const entries: { name: string; key: string }[] = [];
    for (const row of batch.rows) {
      if (row.status !== 'succeeded' || !row.videoId) continue;
      // The service answers only the owner's videos; one deleted since is left out.
      const video = await this.services.send(Subjects.generation.videoGet, { userId, videoId: row.videoId }).catch((error: unknown) => {
        if (error instanceof ServiceError && error.payload.code === ErrorCode.NotFound) return null;
        throw error;
      });
      const key = video?.url ? mediaKeyOf(video.url) : null;
      if (key) entries.push({ name: batchZipEntryName(row.row, batch.rows.length), key });
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
}

/** The rows of an upload: a CSV's (`batchRowsFromCsv`), or JSON `{rows}` (checked for shape and count by `CreateBatchBodyDto`). */
export function rowsOf(upload: CreateBatchBodyDto): BatchRowInput[] {
  if (typeof upload.csv === 'string') return batchRowsFromCsv(upload.csv);
  if (!upload.rows?.length) throw ServiceError.validation(NO_BATCH_ROWS, { field: 'rows' });
  return upload.rows;
}
