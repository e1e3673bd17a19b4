import { Injectable } from '@nestjs/common';
import { IDEMPOTENCY_KEY_TTL_HOURS } from '@lipcast/contracts';
import { GenerationRepository, millisecondsAgo } from '../database';
import type { JobInputs } from '../jobs/job-inputs';
import type { JobResult, StoredJobStatus } from '../jobs/job.entity';
import { GENERATION_SCHEMA } from '../mikro-orm.config';
import type { ListCursor } from '../pagination/list-cursor';
import type { IdempotencyKeyRecord, VideoRecord } from './video.entity';

const KEY_TTL_MS = IDEMPOTENCY_KEY_TTL_HOURS * 3600_000;
/** A claim whose create never said which video it made (its process died) frees its key after this long. */
export const ABANDONED_CLAIM_MS = 2 * 60_000;

/** A video with the state of its job (the newest: an operator's retry makes a new one). */
export interface VideoRow extends VideoRecord {
  /** The job the video follows: its own id until an operator retried it. */
  currentJobId: string;
  status: StoredJobStatus;
  progress: number;
  result: JobResult | null;
  error: string | null;
  input: JobInputs['lipsync'];
}

export type NewVideo = Omit<VideoRecord, 'createdAt' | 'jobId'>;

/** What the API answers of a video (`toVideo`): its row and its job's state, without the job's input. */
export type VideoState = Pick<VideoRow, 'id' | 'actorId' | 'influencerId' | 'metadata' | 'webhookUrl' | 'format' | 'createdAt' | 'currentJobId' | 'status' | 'progress' | 'result' | 'error'>;

/**
 * `read`'s query: a prepared statement, parsed and planned once per pooled connection, whose columns
 * are named as `VideoState` names them (only `created_at` comes as the pool's raw text, see `read`).
 */
const READ_VIDEO = {
  name: 'generation.videos.read',
  text: `select v.id, v.actor_id as "actorId", v.influencer_id as "influencerId", v.metadata, v.webhook_url as "webhookUrl", v.format, v.created_at as "createdAt",
      j.id as "currentJobId", j.status, j.progress, j.result, j.error
    from "${GENERATION_SCHEMA}".video v join "${GENERATION_SCHEMA}".job j on j.id = coalesce(v.job_id, v.id)
    where v.id = $1 and v.user_id = $2`,
};

/** Videos and their idempotency keys in PostgreSQL. */
@Injectable()
export class VideosRepository extends GenerationRepository {
  private selectVideos() {
    return this.db
      .selectFrom('video as v')
      .innerJoin('job as j', (join) => join.on((eb) => eb('j.id', '=', eb.fn.coalesce('v.jobId', 'v.id'))))
      .selectAll('v')
      .select(['j.id as currentJobId', 'j.status', 'j.progress', 'j.result', 'j.error', 'j.input']);
  }

  /** The user's video that follows this job (made through the public API), if any. */
  async findByJob(userId: string, jobId: string): Promise<VideoRow | null> {
    const row = await this.selectVideos()
      .where((eb) => eb(eb.fn.coalesce('v.jobId', 'v.id'), '=', jobId))
      .where('v.userId', '=', userId)
      .executeTakeFirst();
    return (row as VideoRow | undefined) ?? null;
  }

  /** The video that followed `jobId` follows `retriedJobId` from now on (an operator retried its job); false when no video followed it. */
  async followRetry(jobId: string, retriedJobId: string): Promise<boolean> {
    const updated = await this.db
      .updateTable('video')
      .set({ jobId: retriedJobId })
      .where((eb) => eb(eb.fn.coalesce('jobId', 'id'), '=', jobId))
      .executeTakeFirst();
    return updated.numUpdatedRows > 0n;
  }

  async insert(video: NewVideo): Promise<void> {
    await this.db.insertInto('video').values(video).execute();
  }

  /**
   * One video as the API answers it (`GET /api/v1/videos/{id}`, polled while it renders): the public
   * API's hottest query, so it skips the typed builder and the ORM's plugin, which compile the query
   * and map every column anew on each call, and asks the pool directly; outside any transaction.
   */
  async read(userId: string, videoId: string): Promise<VideoState | null> {
    const pool = await this.em.getConnection().getNativeClient();
    const { rows } = await pool.query<Omit<VideoState, 'createdAt'> & { createdAt: string }>({ ...READ_VIDEO, values: [videoId, userId] });
    const row = rows[0];
    // The pool reads timestamps as text, which the plugin turns into dates with the platform's parser.
    return row ? { ...row, createdAt: this.em.getPlatform().parseDate(row.createdAt) } : null;
  }

  async find(userId: string, videoId: string): Promise<VideoRow | null> {
    const row = await this.selectVideos().where('v.id', '=', videoId).where('v.userId', '=', userId).executeTakeFirst();
    return (row as VideoRow | undefined) ?? null;
  }

  /** Newest first, below `after` when given. */
  async list(userId: string, limit: number, after?: ListCursor): Promise<VideoRow[]> {
    let query = this.selectVideos().where('v.userId', '=', userId);
    if (after) query = query.where((eb) => eb.or([eb('v.createdAt', '<', after.createdAt), eb.and([eb('v.createdAt', '=', after.createdAt), eb('v.id', '<', after.id)])]));
    const rows = await query.orderBy('v.createdAt', 'desc').orderBy('v.id', 'desc').limit(limit).execute();
    return rows as VideoRow[];
  }

  async delete(videoId: string): Promise<void> {
    await this.db.deleteFrom('video').where('id', '=', videoId).execute();
  }

  /**
   * Claims the key for one create: true when this caller inserted it (and must start the video),
   * false when it is taken. Expired keys (every user's, older than 24 h) and this key's abandoned
   * claim are deleted first, so they are free again.
   */
  async claimKey(userId: string, key: string, requestHash: string): Promise<boolean> {
    await this.db
      .deleteFrom('idempotency_key')
      .where((eb) =>
        eb.or([
          eb('createdAt', '<', millisecondsAgo(KEY_TTL_MS)),
          eb.and([eb('userId', '=', userId), eb('key', '=', key), eb('videoId', 'is', null), eb('createdAt', '<', millisecondsAgo(ABANDONED_CLAIM_MS))]),
        ]),
      )
      .execute();
    const claimed = await this.db
      .insertInto('idempotency_key')
      .values({ userId, key, requestHash, videoId: null })
      .onConflict((conflict) => conflict.doNothing())
      .returning('key')
      .executeTakeFirst();
    return claimed !== undefined;
  }

  async findKey(userId: string, key: string): Promise<IdempotencyKeyRecord | null> {
    return (await this.db.selectFrom('idempotency_key').selectAll().where('userId', '=', userId).where('key', '=', key).executeTakeFirst()) ?? null;
  }

  /** The claimed key names the video its create made. */
  async settleKey(userId: string, key: string, videoId: string): Promise<void> {
    await this.db.updateTable('idempotency_key').set({ videoId }).where('userId', '=', userId).where('key', '=', key).execute();
  }

  /** The claim of a create that failed (nothing was made) is let go, so the key can be used again. */
  async releaseKey(userId: string, key: string): Promise<void> {
    await this.db.deleteFrom('idempotency_key').where('userId', '=', userId).where('key', '=', key).where('videoId', 'is', null).execute();
  }
}
