import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { BatchRowField, BatchRowInput, BatchRowStatus } from '@lipcast/contracts';
import { generationDatabase, GenerationRepository, now } from '../database';
import type { JobResult, StoredJobStatus } from '../jobs/job.entity';
import type { ListCursor } from '../pagination/list-cursor';
import type { BatchRecord, BatchRowRecord } from './batch.entities';

/** A batch row with its video's job state (null before its video starts, or once the video was deleted). */
export interface BatchRowState extends BatchRowRecord {
  jobStatus: StoredJobStatus | null;
  jobProgress: number | null;
  jobError: string | null;
  jobResult: JobResult | null;
}

/** Batches and their rows in PostgreSQL. */
@Injectable()
export class BatchesRepository extends GenerationRepository {
  async insert(batch: { id: string; userId: string }, rows: { row: number; input: BatchRowInput; status: BatchRowStatus; error: string | null; errorField: BatchRowField | null }[]): Promise<void> {
    await this.em.transactional(async (em) => {
      const db = generationDatabase(em);
      await db.insertInto('batch').values({ ...batch, status: 'running' }).execute();
      await db
        .insertInto('batch_row')
        .values(rows.map((row) => ({ ...row, batchId: batch.id, userId: batch.userId, videoId: null })))
        .execute();
    });
  }

  async find(userId: string, batchId: string): Promise<BatchRecord | undefined> {
    return this.db.selectFrom('batch').selectAll().where('id', '=', batchId).where('userId', '=', userId).executeTakeFirst();
  }

  /** Newest first, below `after` when given (as the videos' list). */
  async list(userId: string, limit: number, after?: ListCursor): Promise<BatchRecord[]> {
    let query = this.db.selectFrom('batch').selectAll().where('userId', '=', userId);
    if (after) query = query.where((eb) => eb.or([eb('createdAt', '<', after.createdAt), eb.and([eb('createdAt', '=', after.createdAt), eb('id', '<', after.id)])]));
    return query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  async rows(batchIds: string[]): Promise<BatchRowState[]> {
    if (!batchIds.length) return [];
    const rows = await this.db
      .selectFrom('batch_row as r')
      .leftJoin('job as j', 'j.id', 'r.videoId')
      .selectAll('r')
      .select(['j.status as jobStatus', 'j.progress as jobProgress', 'j.error as jobError', 'j.result as jobResult'])
      .where('r.batchId', 'in', batchIds)
      .orderBy('r.batchId')
      .orderBy('r.row')
      .execute();
    return rows as BatchRowState[];
  }

  /** Running rows whose video ended take its outcome (a video deleted meanwhile counts as failed). */
  async settleEndedRows(): Promise<void> {
    await sql`
      update generation.batch_row r
      set status = case when j.status = 'succeeded' then 'succeeded' else 'failed' end,
          error = case when j.status = 'succeeded' then null else coalesce(j.error, 'The video was canceled or deleted.') end
      from generation.batch_row r2 left join generation.job j on j.id = r2.video_id
      where r.batch_id = r2.batch_id and r.row = r2.row and r.status = 'running' and r.video_id is not null
        and (j.id is null or j.status in ('succeeded', 'failed', 'canceled'))`.execute(this.db);
  }

  /** Users with pending rows. */
  async waitingUsers(): Promise<string[]> {
    const rows = await this.db.selectFrom('batch_row').select('userId').distinct().where('status', '=', 'pending').execute();
    return rows.map((row) => row.userId);
  }

  /**
   * Marks the user's oldest pending rows running, as many as keep at most `concurrency` of their rows
   * running, and answers them. A lock per user (for this transaction) makes processes claim in turn,
   * so the bound holds however many schedule at once.
   */
  async claimPending(userId: string, concurrency: number): Promise<BatchRowRecord[]> {
    return this.em.transactional(async (em) => {
      const db = generationDatabase(em);
      await sql`select pg_advisory_xact_lock(hashtext(${`batch-rows:${userId}`}))`.execute(db);
      const { running } = await db
        .selectFrom('batch_row')
        .select((eb) => eb.fn.countAll<string>().as('running'))
        .where('userId', '=', userId)
        .where('status', '=', 'running')
        .executeTakeFirstOrThrow();
      const free = concurrency - Number(running);
      if (free <= 0) return [];
      const picked = await db
        .selectFrom('batch_row as r')
        .innerJoin('batch as b', 'b.id', 'r.batchId')
        .select(['r.batchId', 'r.row'])
        .where('r.userId', '=', userId)
        .where('r.status', '=', 'pending')
        .orderBy('b.createdAt')
        .orderBy('r.row')
        .limit(free)
        .execute();
      const claimed: BatchRowRecord[] = [];
      for (const { batchId, row } of picked) {
        claimed.push(await db.updateTable('batch_row').set({ status: 'running' }).where('batchId', '=', batchId).where('row', '=', row).returningAll().executeTakeFirstOrThrow());
      }
      return claimed;
    });
  }

  async setVideo(batchId: string, row: number, videoId: string): Promise<void> {
    await this.db.updateTable('batch_row').set({ videoId }).where('batchId', '=', batchId).where('row', '=', row).execute();
  }

  async failRow(batchId: string, row: number, error: string): Promise<void> {
    await this.db.updateTable('batch_row').set({ status: 'failed', error }).where('batchId', '=', batchId).where('row', '=', row).execute();
  }

  /** A failed row waits again for its turn; false when it is not failed. */
  async requeueFailedRow(batchId: string, row: number): Promise<boolean> {
    return this.em.transactional(async (em) => {
      const db = generationDatabase(em);
      const updated = await db.updateTable('batch_row').set({ status: 'pending', error: null }).where('batchId', '=', batchId).where('row', '=', row).where('status', '=', 'failed').executeTakeFirst();
      if (!updated.numUpdatedRows) return false;
      await db.updateTable('batch').set({ status: 'running', completedAt: null }).where('id', '=', batchId).execute();
      return true;
    });
  }

  /** Running batches without a pending or running row become completed; each is answered once, to the call that completed it. */
  async completeFinished(): Promise<BatchRecord[]> {
    return this.db
      .updateTable('batch')
      .set({ status: 'completed', completedAt: now() })
      .where('status', '=', 'running')
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('batch_row').select('row').whereRef('batch_row.batchId', '=', 'batch.id').where('batch_row.status', 'in', ['pending', 'running']))),
      )
      .returningAll()
      .execute();
  }
}
