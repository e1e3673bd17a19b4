import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { plainToInstance } from 'class-transformer';
import {
  ErrorCode, mediaUrl, VIDEO_LIST_DEFAULT_LIMIT, type Batch, type BatchCounts, type BatchList, type BatchRow, type BatchRowInput, type BatchRowStatus, type WebhookBatchData,
} from '@lipcast/contracts';
import { PeriodicWork, ServiceError } from '@lipcast/nest-kit';
import { CreateVideoDto } from '@lipcast/nest-kit/requests';
import { AudioService } from '../audio/audio.service';
import { decodeListCursor, pageOf } from '../pagination/list-cursor';
import { GenerationSettings } from '../settings';
import { VideosService } from '../videos/videos.service';
import { WebhooksService } from '../webhooks/webhooks.service';
import { WebhooksRepository } from '../webhooks/webhooks.repository';
import type { BatchRecord } from './batch.entities';
import { checkBatchRow } from './batch-rows';
import { BatchesRepository, type BatchRowState } from './batches.repository';

/** How often the scheduler settles ended rows and starts waiting ones. */
const SCHEDULE_INTERVAL_MS = 1000;

function rowOf(state: BatchRowState): BatchRow {
  const progress = state.status === 'succeeded' ? 1 : state.status === 'running' && state.jobProgress !== null ? Math.round(state.jobProgress) / 100 : 0;
  const url = state.status === 'succeeded' && state.jobResult?.key ? mediaUrl(state.jobResult.key) : null;
  return { row: state.row, status: state.status, progress, videoId: state.videoId, error: state.error, field: state.errorField, url };
}

function countsOf(rows: { status: BatchRowStatus }[]): BatchCounts {
  const counts: BatchCounts = { total: rows.length, pending: 0, running: 0, succeeded: 0, failed: 0, invalid: 0 };
  for (const row of rows) counts[row.status]++;
  return counts;
}

/**
 * Public API batches: every row validated up front with a video create's rules (an invalid row is
 * kept with its error and the field it is about, and never run nor charged), the valid ones refused together when the user has
 * fewer generations left, then run as videos, at most `BATCH_CONCURRENCY` of a user's rows at once.
 * A scheduler (every second, in API processes) settles rows whose video ended, starts the next
 * waiting rows, and completes batches with nothing left to run (queuing their `batch.completed`
 * webhooks). Claims are row updates that skip rows another process holds.
 */
@Injectable()
export class BatchesService extends PeriodicWork {
  protected readonly work = 'batch scheduling';
  protected readonly intervalMs = () => SCHEDULE_INTERVAL_MS;
  protected readonly runPass = () => RequestContext.create(this.orm.em, () => this.schedule());
  protected override readonly runsHere = () => this.settings.GENERATION_ROLE !== 'worker';
  private lastPass: Promise<void> = Promise.resolve();

  constructor(
    private readonly batches: BatchesRepository,
    private readonly videos: VideosService,
    private readonly audio: AudioService,
    private readonly webhooks: WebhooksRepository,
    private readonly deliveries: WebhooksService,
    private readonly settings: GenerationSettings,
    private readonly orm: MikroORM,
  ) {
    super();
  }

  async create(userId: string, inputs: BatchRowInput[], availableGenerations: number): Promise<Batch> {
    if (!inputs.length) throw ServiceError.validation('A batch needs at least one row', { field: 'rows' });
    const rows = await Promise.all(
      inputs.map(async (input, index) => {
        const checked = await checkBatchRow(userId, input, this.audio);
        return 'error' in checked
          ? { row: index + 1, input, status: 'invalid' as const, error: checked.error, errorField: checked.field }
          : { row: index + 1, input: checked.spec, status: 'pending' as const, error: null, errorField: null };
      }),
    );
    const valid = rows.filter((row) => row.status === 'pending').length;
    if (valid > availableGenerations) {
      throw new ServiceError(ErrorCode.PaymentRequired, `This batch needs ${valid} generations; you have ${availableGenerations} left`, {
        requiresPayment: true,
        needed: valid,
        available: availableGenerations,
      });
    }
    const id = randomUUID();
    await this.batches.insert({ id, userId }, rows);
    await this.schedule();
    return this.get(userId, id);
  }

  async get(userId: string, batchId: string): Promise<Batch> {
    const batch = await this.batches.find(userId, batchId);
    if (!batch) throw ServiceError.notFound('No such batch');
    const rows = await this.batches.rows([batch.id]);
    return { ...this.summary(batch, rows), rows: rows.map(rowOf) };
  }

  /** Newest first, in pages as the videos' list. */
  async list(userId: string, cursor: string | undefined, limit = VIDEO_LIST_DEFAULT_LIMIT): Promise<BatchList> {
    const after = cursor ? decodeListCursor(cursor) : undefined;
    const page = pageOf(await this.batches.list(userId, limit + 1, after), limit);
    const rows = await this.batches.rows(page.items.map((batch) => batch.id));
    return { batches: page.items.map((batch) => this.summary(batch, rows.filter((row) => row.batchId === batch.id))), nextCursor: page.nextCursor };
  }

  /** A failed row waits for its turn again and runs as a new video; any other row is a `CONFLICT`. */
  async retryRow(userId: string, batchId: string, row: number): Promise<Batch> {
    const batch = await this.get(userId, batchId);
    const current = batch.rows.find((each) => each.row === row);
    if (!current) throw ServiceError.notFound('No such row');
    if (!(await this.batches.requeueFailedRow(batchId, row))) throw new ServiceError(ErrorCode.Conflict, `Row ${row} is ${current.status}: only a failed row is retried`);
    await this.schedule();
    return this.get(userId, batchId);
  }

  /**
   * One pass of the scheduler, after any pass of this process under way (a create's pass then
   * answers after its rows started): settle ended rows, start waiting ones within each user's
   * bound, complete finished batches.
   */
  schedule(): Promise<void> {
    const pass = this.lastPass.then(() => this.schedulePass());
    this.lastPass = pass.catch(() => undefined);
    return pass;
  }

  private async schedulePass(): Promise<void> {
    await this.batches.settleEndedRows();
    for (const userId of await this.batches.waitingUsers()) {
      for (const row of await this.batches.claimPending(userId, this.settings.BATCH_CONCURRENCY)) {
        try {
          const video = await this.videos.create(plainToInstance(CreateVideoDto, { ...row.input, userId }));
          await this.batches.setVideo(row.batchId, row.row, video.id);
        } catch (error) {
          // Refused when started (no generation left, a clip gone): the row fails alone and may be retried.
          await this.batches.failRow(row.batchId, row.row, error instanceof ServiceError ? error.payload.message : String(error));
        }
      }
    }
    for (const batch of await this.batches.completeFinished()) await this.notifyCompleted(batch);
  }

  private summary(batch: BatchRecord, rows: BatchRowState[]): Omit<Batch, 'rows'> {
    return { id: batch.id, status: batch.status, createdAt: batch.createdAt.toISOString(), counts: countsOf(rows) };
  }

  /**
   * `batch.completed` to each endpoint of the user subscribed to it; none for a batch that charged
   * nothing (no row ever ran as a video: all invalid, or refused when started), so a free request
   * (a CSV of invalid rows) cannot make signed POSTs to every endpoint.
   */
  private async notifyCompleted(batch: BatchRecord): Promise<void> {
    const event = 'batch.completed';
    const rows = await this.batches.rows([batch.id]);
    if (!rows.some((row) => row.videoId !== null)) return;
    const data: WebhookBatchData = { batch_id: batch.id, counts: countsOf(rows) };
    for (const endpoint of await this.webhooks.subscribers(batch.userId, event)) {
      await this.deliveries.queueDelivery(batch.userId, { endpointId: endpoint.id, url: endpoint.url }, event, data);
    }
  }
}
