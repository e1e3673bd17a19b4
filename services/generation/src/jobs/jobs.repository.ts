import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import { currentTraceContext } from '@lipcast/nest-kit';
import { DEFAULT_VIDEO_FORMAT, isVideoFormatId, mediaUrl, type JobKind, type JobState, type JobStatus, type PipelineSteps, type VideoFormatId } from '@lipcast/contracts';
import { generationDatabase, GenerationRepository, millisecondsAgo, millisecondsFromNow, now } from '../database';
import type { ListCursor } from '../pagination/list-cursor';
import type { JobInputs } from './job-inputs';
import { captionFilesOf, lipSyncOf, posterUrlOf } from './job-result';
import { typedJob, type CreditState, type Job, type JobRecord, type JobResult, type StoredJobStatus } from './job.entity';

/** Makes a job's outputs visible (history item, project) inside the transaction that marks it succeeded; false when what it completes is gone. */
export type PublishOutputs = (em: EntityManager) => Promise<boolean>;

/** The statuses of a job still under way (queued, held by a worker, or parked on a provider). */
const LIVE_STATUSES = ['queued', 'running', 'waiting'] as const satisfies readonly StoredJobStatus[];
const FINISHED_STATUSES = ['succeeded', 'failed', 'canceled'] as const satisfies readonly StoredJobStatus[];

/** Which jobs the operator console lists: by status (running includes parked jobs), kind and users, before a (created at, id) position. */
export interface OperatorJobFilter {
  status?: JobStatus;
  kind?: JobKind;
  userIds?: string[];
  /** Only jobs whose video was delivered outside the lip-sync limits. */
  lipSync?: 'below-threshold';
  /** The last job of the page before. */
  before?: ListCursor;
}

/** A new job: its input is the one its kind takes. */
export interface NewJob<Kind extends JobKind = JobKind> {
  id: string;
  userId: string;
  kind: Kind;
  /**
   * The same request is the same job while it is live (and, with a key, once it succeeded): never a
   * second job, never a second charge. A `dedupeKey` names the request; without one the database
   * allows one live job of the kind per user (One Shot).
   */
  dedupeKey: string | null;
  input: JobInputs[Kind];
  /** A job that costs no generation (a video's first fixes); otherwise its credit is reserved. */
  free?: boolean;
}

const typedOrNull = (job: JobRecord | undefined): Job | null => (job ? typedJob(job) : null);

export function toJobState(job: Job): JobState {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status === 'waiting' ? 'running' : job.status,
    progress: Math.round(job.progress),
    url: job.result?.key ? mediaUrl(job.result.key) : null,
    error: job.error,
    ...(job.steps ? { steps: job.steps } : {}),
    ...(job.status === 'succeeded' && captionFilesOf(job.result) ? { captions: captionFilesOf(job.result) } : {}),
    ...(job.status === 'succeeded' && posterUrlOf(job.result) ? { posterUrl: posterUrlOf(job.result) } : {}),
    ...(job.status === 'succeeded' && lipSyncOf(job.result) ? { lipSync: lipSyncOf(job.result) } : {}),
    ...(formatOf(job) ? { format: formatOf(job) } : {}),
  };
}

/** The format a job makes its video in, when it is not the portrait card. */
function formatOf(job: Job): VideoFormatId | undefined {
  const format = (job.input as { format?: unknown }).format;
  return isVideoFormatId(format) && format !== DEFAULT_VIDEO_FORMAT ? format : undefined;
}

/** Job rows in PostgreSQL: the source of truth for a job's state, result and credit. */
@Injectable()
export class JobsRepository extends GenerationRepository {
  async find(jobId: string): Promise<Job | null> {
    return typedOrNull(await this.db.selectFrom('job').selectAll().where('id', '=', jobId).executeTakeFirst());
  }

  async findOwned(userId: string, jobId: string): Promise<Job | null> {
    return typedOrNull(await this.db.selectFrom('job').selectAll().where('id', '=', jobId).where('userId', '=', userId).executeTakeFirst());
  }

  /** The live or finished job for the same request, if any. */
  async findByDedupeKey(userId: string, dedupeKey: string): Promise<Job | null> {
    const job = await this.db
      .selectFrom('job')
      .selectAll()
      .where('userId', '=', userId)
      .where('dedupeKey', '=', dedupeKey)
      .where('status', 'in', [...LIVE_STATUSES, 'succeeded'])
      .executeTakeFirst();
    return typedOrNull(job);
  }

  /**
   * Inserts a queued job, not yet published (its message id is its own id), and in the same
   * transaction what ties to the job (`afterInsert`, e.g. its history item), before it is ever queued;
   * null when a concurrent identical request inserted first. Its credit (unless it is free) counts as reserved from here:
   * it is reserved (by job id, once) before its message is ever published, and released when it ends unpublished.
   */
  insert<Kind extends JobKind>(job: NewJob<Kind>, afterInsert?: (job: Job) => Promise<void>): Promise<Job | null> {
    const { id, userId, kind, dedupeKey, input, free } = job;
    return this.em.transactional(async () => {
      const inserted = await this.db
        .insertInto('job')
        .values({ id, userId, kind, status: 'queued', dedupeKey, input, credit: free ? 'free' : 'reserved', queueMessageId: id, traceId: currentTraceContext()?.traceId ?? null })
        .onConflict((conflict) => conflict.doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) await afterInsert?.(typedJob(inserted));
      return typedOrNull(inserted);
    });
  }

  /** Moves a queued (or re-delivered running) job to running with this attempt's deadline; null when it is finished or cancelled. */
  async start(jobId: string, timeLimitMs: number): Promise<Job | null> {
    const job = await this.db
      .updateTable('job')
      .set((eb) => ({
        status: 'running',
        attempts: eb('attempts', '+', 1),
        startedAt: eb.fn.coalesce('startedAt', now()),
        deadlineAt: millisecondsFromNow(timeLimitMs),
        heartbeatAt: now(),
        updatedAt: now(),
      }))
      .where('id', '=', jobId)
      .where('status', 'in', LIVE_STATUSES)
      .returningAll()
      .executeTakeFirst();
    return typedOrNull(job);
  }

  /**
   * The run waits on a provider: `waiting` (no worker holds it) while one of its calls is pending,
   * else straight back to `queued` (the call ended before the park). Null when it is no longer running.
   */
  async park(jobId: string, messageId: string): Promise<StoredJobStatus | null> {
    const job = await this.db
      .updateTable('job')
      .set((eb) => ({
        status: eb
          .case()
          .when(eb.exists(eb.selectFrom('provider_call').select(eb.lit(1).as('pending')).where('jobId', '=', jobId).where('status', '=', 'pending')))
          .then(eb.val<StoredJobStatus>('waiting'))
          .else(eb.val<StoredJobStatus>('queued'))
          .end(),
        attempts: 0,
        // Queued again, it needs a message of its own (unpublished until the dispatcher or the caller sends it).
        publishedAt: null,
        queueMessageId: messageId,
        updatedAt: now(),
      }))
      .where('id', '=', jobId)
      .where('status', '=', 'running')
      .returning('status')
      .executeTakeFirst();
    return job?.status ?? null;
  }

  /** A waiting job whose provider call ended goes back to the queue; null when it was not waiting (someone else resumed it, or it ended). */
  async resume(jobId: string, messageId: string): Promise<Job | null> {
    const job = await this.db
      .updateTable('job')
      .set({ status: 'queued', publishedAt: null, queueMessageId: messageId, updatedAt: now() })
      .where('id', '=', jobId)
      .where('status', '=', 'waiting')
      .returningAll()
      .executeTakeFirst();
    return typedOrNull(job);
  }

  /** Its message (by id) reached JetStream; a newer message id (it was queued again meanwhile) stays unpublished. */
  async markPublished(jobId: string, messageId: string): Promise<void> {
    await this.db.updateTable('job').set({ publishedAt: now() }).where('id', '=', jobId).where('queueMessageId', '=', messageId).where('publishedAt', 'is', null).execute();
  }

  /** Queued jobs whose message has not reached JetStream for `olderThanMs` (the submitter's own publish failed, or has not happened yet), oldest first. */
  async findUnpublished(olderThanMs: number, limit: number): Promise<Job[]> {
    const jobs = await this.db
      .selectFrom('job')
      .selectAll()
      .where('status', '=', 'queued')
      .where('publishedAt', 'is', null)
      .where('updatedAt', '<', millisecondsAgo(olderThanMs))
      .orderBy('updatedAt')
      .limit(limit)
      .execute();
    return jobs.map(typedJob);
  }

  /** A retry of the job makes its provider calls anew. */
  async nextCallEpoch(jobId: string): Promise<void> {
    await this.db
      .updateTable('job')
      .set((eb) => ({ callEpoch: eb('callEpoch', '+', 1) }))
      .where('id', '=', jobId)
      .execute();
  }

  /** The worker running the job is alive. */
  async heartbeat(jobId: string): Promise<void> {
    await this.db.updateTable('job').set({ heartbeatAt: now() }).where('id', '=', jobId).where('status', '=', 'running').execute();
  }

  /** Raises the progress (never lowers it) while the job runs. */
  async progress(jobId: string, progress: number): Promise<void> {
    await this.db
      .updateTable('job')
      .set((eb) => ({ progress: eb.fn<number>('greatest', ['progress', eb.val(progress)]), updatedAt: now() }))
      .where('id', '=', jobId)
      .where('status', '=', 'running')
      .execute();
  }

  async finish(jobId: string, outcome: { status: 'succeeded'; result: JobResult } | { status: 'failed' | 'canceled'; error: string }): Promise<Job | null> {
    const job = await this.db
      .updateTable('job')
      .set((eb) => ({
        status: outcome.status,
        result: 'result' in outcome ? outcome.result : null,
        error: 'error' in outcome ? outcome.error : null,
        progress: outcome.status === 'succeeded' ? 100 : eb.ref('progress'),
        updatedAt: now(),
      }))
      .where('id', '=', jobId)
      .where('status', 'in', LIVE_STATUSES)
      .returningAll()
      .executeTakeFirst();
    return typedOrNull(job);
  }

  /**
   * The one completion step of a succeeded job: in one transaction, marks it succeeded with its
   * result and makes its outputs visible. Null when the job was cancelled meanwhile, or `publish`
   * found what the job completes gone (then nothing of it is visible).
   */
  async commit(jobId: string, result: JobResult, publish?: PublishOutputs): Promise<Job | null> {
    const gone = Symbol('gone');
    return this.em
      .transactional(async (em) => {
        const job = await generationDatabase(em)
          .updateTable('job')
          .set({ status: 'succeeded', result, progress: 100, updatedAt: now() })
          .where('id', '=', jobId)
          .where('status', '=', 'running')
          .returningAll()
          .executeTakeFirst();
        if (!job) return null;
        if (publish && !(await publish(em))) throw gone; // rolls the success back
        return typedJob(job);
      })
      .catch((error: unknown) => {
        if (error === gone) return null;
        throw error;
      });
  }

  /**
   * The queued jobs of these kinds (one lane), in the order the queue gives them out (the time they
   * were queued), up to and with `through` when given; at most `limit`.
   */
  async queuedInOrder(kinds: readonly JobKind[], limit: number, through?: Pick<Job, 'id' | 'updatedAt'>): Promise<Job[]> {
    let query = this.db.selectFrom('job').selectAll().where('status', '=', 'queued').where('kind', 'in', [...kinds]);
    if (through) query = query.where((eb) => eb.or([eb('updatedAt', '<', through.updatedAt), eb.and([eb('updatedAt', '=', through.updatedAt), eb('id', '<=', through.id)])]));
    const jobs = await query.orderBy('updatedAt').orderBy('id').limit(limit).execute();
    return jobs.map(typedJob);
  }

  /** The jobs of these kinds (one lane) a worker runs now (not those parked on a provider). */
  async runningOf(kinds: readonly JobKind[], limit: number): Promise<Job[]> {
    const jobs = await this.db.selectFrom('job').selectAll().where('status', '=', 'running').where('kind', 'in', [...kinds]).limit(limit).execute();
    return jobs.map(typedJob);
  }

  /** The caller's newest run of `kind` still queued or running. */
  async findLive(userId: string, kind: JobKind): Promise<Job | null> {
    const job = await this.db
      .selectFrom('job')
      .selectAll()
      .where('userId', '=', userId)
      .where('kind', '=', kind)
      .where('status', 'in', LIVE_STATUSES)
      .orderBy('createdAt', 'desc')
      .limit(1)
      .executeTakeFirst();
    return typedOrNull(job);
  }

  async setSteps(jobId: string, steps: PipelineSteps, em: EntityManager = this.em): Promise<void> {
    await generationDatabase(em).updateTable('job').set({ steps, updatedAt: now() }).where('id', '=', jobId).execute();
  }

  /** The results of these jobs (absent ids skipped), by id. */
  async resultsOf(jobIds: readonly (string | null | undefined)[]): Promise<Map<string, JobResult | null>> {
    const ids = jobIds.filter((id): id is string => Boolean(id));
    if (!ids.length) return new Map();
    const rows = await this.db.selectFrom('job').select(['id', 'result']).where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, row.result as JobResult | null]));
  }

  /** Every user's jobs as the operator console lists them, newest first, at most `limit`. */
  async listForOperators(filter: OperatorJobFilter, limit: number): Promise<Job[]> {
    let query = this.db.selectFrom('job').selectAll();
    const { status, kind, userIds, lipSync, before } = filter;
    if (status) query = status === 'running' ? query.where('status', 'in', ['running', 'waiting']) : query.where('status', '=', status);
    if (kind) query = query.where('kind', '=', kind);
    // The check a job's result keeps (`lipSync`), delivered outside the limits after every attempt.
    if (lipSync === 'below-threshold') query = query.where(sql<boolean>`(result -> 'lipSync' ->> 'belowThreshold') = 'true'`);
    // `= any(array)`: when no user matches the gateway's fragment, no job does.
    if (userIds) query = query.where((eb) => eb('userId', '=', eb.fn.any(eb.val(userIds))));
    if (before) {
      query = query.where((eb) => eb(eb.refTuple('createdAt', 'id'), '<', eb.tuple(eb.cast<Date>(eb.val(before.createdAt), 'timestamptz'), eb.cast<string>(eb.val(before.id), 'uuid'))));
    }
    const jobs = await query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
    return jobs.map(typedJob);
  }

  /** The jobs operators started to retry this one, oldest first. */
  retriesOf(jobId: string): Promise<Pick<JobRecord, 'id' | 'createdAt'>[]> {
    return this.db.selectFrom('job').select(['id', 'createdAt']).where('retryOf', '=', jobId).orderBy('createdAt').execute();
  }

  /** Ties a job an operator started to the job it retries, for both jobs' timelines. */
  async setRetryOf(jobId: string, retriedJobId: string): Promise<void> {
    await this.db.updateTable('job').set({ retryOf: retriedJobId }).where('id', '=', jobId).execute();
  }

  /**
   * Live jobs that can no longer end by themselves: waiting on a provider far past any call's
   * deadline (`waitingMaxMs`), past their attempt's deadline by `silentMs` (the worker should have stopped them), running with every delivery used and no heartbeat for `silentMs` (their
   * workers keep dying), or queued and still unpublished after `unpublishedMaxMs` (its message could not
   * be sent). A published queued job is waiting for a worker, however long the queue: never stale.
   */
  async findStale(options: { silentMs: number; maxDeliveries: number; unpublishedMaxMs: number; waitingMaxMs: number }): Promise<Job[]> {
    const jobs = await this.db
      .selectFrom('job')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([
            eb('status', '=', 'running'),
            eb.or([
              eb('deadlineAt', '<', millisecondsAgo(options.silentMs)),
              eb.and([eb('attempts', '>=', options.maxDeliveries), eb('heartbeatAt', '<', millisecondsAgo(options.silentMs))]),
            ]),
          ]),
          eb.and([eb('status', '=', 'queued'), eb('publishedAt', 'is', null), eb('updatedAt', '<', millisecondsAgo(options.unpublishedMaxMs))]),
          eb.and([eb('status', '=', 'waiting'), eb('updatedAt', '<', millisecondsAgo(options.waitingMaxMs))]),
        ]),
      )
      .limit(100)
      .execute();
    return jobs.map(typedJob);
  }

  /** Waiting jobs none of whose calls is pending any more, for longer than `graceMs`: their resume was lost. */
  async findUnresumed(graceMs: number): Promise<Job[]> {
    const jobs = await this.db
      .selectFrom('job as j')
      .selectAll('j')
      .where('j.status', '=', 'waiting')
      .where('j.updatedAt', '<', millisecondsAgo(graceMs))
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('provider_call as c').select('c.id').whereRef('c.jobId', '=', 'j.id').where('c.status', '=', 'pending'))),
      )
      .limit(100)
      .execute();
    return jobs.map(typedJob);
  }

  /** Finished jobs whose credit was never settled (their worker died in between). */
  async findUnsettled(olderThanMs: number): Promise<Job[]> {
    const jobs = await this.db
      .selectFrom('job')
      .selectAll()
      .where('credit', '=', 'reserved')
      .where('status', 'in', FINISHED_STATUSES)
      .where('updatedAt', '<', millisecondsAgo(olderThanMs))
      .limit(100)
      .execute();
    return jobs.map(typedJob);
  }

  async setCredit(jobId: string, credit: CreditState): Promise<void> {
    await this.db.updateTable('job').set({ credit, updatedAt: now() }).where('id', '=', jobId).execute();
  }
}
