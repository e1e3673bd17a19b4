import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { currentTraceContext } from '@lipcast/nest-kit';
import { mediaUrl, type JobKind, type JobState, type JobStatus, type PipelineSteps } from '@lipcast/contracts';

export type CreditState = 'reserved' | 'committed' | 'released';

/** A job's stored status: the public ones, and `waiting` (parked on a provider, no worker holds it; shown as running). */
export type StoredJobStatus = JobStatus | 'waiting';

export interface JobRow {
  id: string;
  user_id: string;
  kind: JobKind;
  status: StoredJobStatus;
  progress: number;
  dedupe_key: string | null;
  input: Record<string, unknown>;
  result: { key?: string; [name: string]: unknown } | null;
  error: string | null;
  credit: CreditState;
  attempts: number;
  steps: PipelineSteps | null;
  deadline_at: Date | string | null;
  heartbeat_at: Date | string | null;
  /** Numbers the job's provider calls: a retry of the job moves on, so it makes its calls anew. */
  call_epoch: number;
  /** The trace the job was submitted in, when this process exports traces. */
  trace_id: string | null;
  retry_of: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** Makes a job's outputs visible (history item, project) inside the transaction that marks it succeeded; false when what it completes is gone. */
export type PublishOutputs = (em: EntityManager) => Promise<boolean>;

export function toJobState(job: JobRow): JobState {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status === 'waiting' ? 'running' : job.status,
    progress: Math.round(job.progress),
    url: job.result?.key ? mediaUrl(job.result.key) : null,
    error: job.error,
    ...(job.steps ? { steps: job.steps } : {}),
  };
}

/** Job rows in PostgreSQL: the source of truth for a job's state, result and credit. */
@Injectable()
export class JobsRepository {
  constructor(private readonly em: EntityManager) {}

  async find(jobId: string): Promise<JobRow | null> {
    const [job] = await this.em.execute<JobRow[]>('select * from generation.job where id = ?', [jobId]);
    return job ?? null;
  }

  async findOwned(userId: string, jobId: string): Promise<JobRow | null> {
    const [job] = await this.em.execute<JobRow[]>('select * from generation.job where id = ? and user_id = ?', [jobId, userId]);
    return job ?? null;
  }

  /** The live or finished job for the same request, if any. */
  async findByDedupeKey(userId: string, dedupeKey: string): Promise<JobRow | null> {
    const [job] = await this.em.execute<JobRow[]>(
      "select * from generation.job where user_id = ? and dedupe_key = ? and status in ('queued', 'running', 'waiting', 'succeeded')",
      [userId, dedupeKey],
    );
    return job ?? null;
  }

  /** Inserts a queued job; null when a concurrent identical request inserted first. */
  async insert(job: Pick<JobRow, 'id' | 'user_id' | 'kind' | 'dedupe_key' | 'input'>): Promise<JobRow | null> {
    const rows = await this.em.execute<JobRow[]>(
      `insert into generation.job (id, user_id, kind, status, dedupe_key, input, credit, trace_id) values (?, ?, ?, 'queued', ?, ?, 'reserved', ?)
       on conflict do nothing returning *`,
      [job.id, job.user_id, job.kind, job.dedupe_key, JSON.stringify(job.input), currentTraceContext()?.traceId ?? null],
    );
    return rows[0] ?? null;
  }

  /** Moves a queued (or re-delivered running) job to running with this attempt's deadline; null when it is finished or cancelled. */
  async start(jobId: string, timeLimitMs: number): Promise<JobRow | null> {
    const [job] = await this.em.execute<JobRow[]>(
      `update generation.job set status = 'running', attempts = attempts + 1, deadline_at = now() + ? * interval '1 millisecond', heartbeat_at = now(), updated_at = now()
       where id = ? and status in ('queued', 'running', 'waiting') returning *`,
      [timeLimitMs, jobId],
    );
    return job ?? null;
  }

  /**
   * The run waits on a provider: `waiting` (no worker holds it) while one of its calls is pending,
   * else straight back to `queued` (the call ended before the park). Null when it is no longer running.
   */
  async park(jobId: string): Promise<StoredJobStatus | null> {
    const [job] = await this.em.execute<{ status: StoredJobStatus }[]>(
      `update generation.job set status = case when exists (select 1 from generation.provider_call where job_id = ? and status = 'pending') then 'waiting' else 'queued' end,
         attempts = 0, updated_at = now()
       where id = ? and status = 'running' returning status`,
      [jobId, jobId],
    );
    return job?.status ?? null;
  }

  /** A waiting job whose provider call ended goes back to the queue; null when it was not waiting (someone else resumed it, or it ended). */
  async resume(jobId: string): Promise<JobRow | null> {
    const [job] = await this.em.execute<JobRow[]>("update generation.job set status = 'queued', updated_at = now() where id = ? and status = 'waiting' returning *", [jobId]);
    return job ?? null;
  }

  /** A retry of the job makes its provider calls anew. */
  async nextCallEpoch(jobId: string): Promise<void> {
    await this.em.execute('update generation.job set call_epoch = call_epoch + 1 where id = ?', [jobId]);
  }

  /** The worker running the job is alive. */
  async heartbeat(jobId: string): Promise<void> {
    await this.em.execute("update generation.job set heartbeat_at = now() where id = ? and status = 'running'", [jobId]);
  }

  /** Raises the progress (never lowers it) while the job runs. */
  async progress(jobId: string, progress: number): Promise<void> {
    await this.em.execute("update generation.job set progress = greatest(progress, ?), updated_at = now() where id = ? and status = 'running'", [progress, jobId]);
  }

  async finish(jobId: string, outcome: { status: 'succeeded'; result: JobRow['result'] } | { status: 'failed' | 'canceled'; error: string }): Promise<JobRow | null> {
    const [job] = await this.em.execute<JobRow[]>(
      `update generation.job set status = ?, result = ?, error = ?, progress = case when ? = 'succeeded' then 100 else progress end, updated_at = now()
       where id = ? and status in ('queued', 'running', 'waiting') returning *`,
      [outcome.status, 'result' in outcome ? JSON.stringify(outcome.result) : null, 'error' in outcome ? outcome.error : null, outcome.status, jobId],
    );
    return job ?? null;
  }

  /**
   * The one completion step of a succeeded job: in one transaction, marks it succeeded with its
   * result and makes its outputs visible. Null when the job was cancelled meanwhile, or `publish`
   * found what the job completes gone (then nothing of it is visible).
   */
  async commit(jobId: string, result: NonNullable<JobRow['result']>, publish?: PublishOutputs): Promise<JobRow | null> {
    const gone = Symbol('gone');
    return this.em
      .transactional(async (em) => {
        const [job] = await em.execute<JobRow[]>(
          `update generation.job set status = 'succeeded', result = ?, progress = 100, updated_at = now() where id = ? and status = 'running' returning *`,
          [JSON.stringify(result), jobId],
        );
        if (!job) return null;
        if (publish && !(await publish(em))) throw gone; // rolls the success back
        return job;
      })
      .catch((error: unknown) => {
        if (error === gone) return null;
        throw error;
      });
  }

  /** The caller's newest run of `kind` still queued or running. */
  async findLive(userId: string, kind: JobKind): Promise<JobRow | null> {
    const [job] = await this.em.execute<JobRow[]>(
      "select * from generation.job where user_id = ? and kind = ? and status in ('queued', 'running', 'waiting') order by created_at desc limit 1",
      [userId, kind],
    );
    return job ?? null;
  }

  async setSteps(jobId: string, steps: PipelineSteps, em: EntityManager = this.em): Promise<void> {
    await em.execute('update generation.job set steps = ?, updated_at = now() where id = ?', [JSON.stringify(steps), jobId]);
  }

  /**
   * Live jobs that can no longer end by themselves: waiting on a provider far past any call's
   * deadline (`waitingMaxMs`), past their attempt's deadline by `silentMs` (the worker should have stopped them), running with every delivery used and no heartbeat for `silentMs` (their
   * workers keep dying), or queued for `queuedMaxMs` (never picked up).
   */
  findStale(options: { silentMs: number; maxDeliveries: number; queuedMaxMs: number; waitingMaxMs: number }): Promise<JobRow[]> {
    return this.em.execute<JobRow[]>(
      `select * from generation.job where
         (status = 'running' and (deadline_at < now() - ? * interval '1 millisecond' or (attempts >= ? and heartbeat_at < now() - ? * interval '1 millisecond')))
         or (status = 'queued' and updated_at < now() - ? * interval '1 millisecond')
         or (status = 'waiting' and updated_at < now() - ? * interval '1 millisecond')
       limit 100`,
      [options.silentMs, options.maxDeliveries, options.silentMs, options.queuedMaxMs, options.waitingMaxMs],
    );
  }

  /** Waiting jobs none of whose calls is pending any more, for longer than `graceMs`: their resume was lost. */
  findUnresumed(graceMs: number): Promise<JobRow[]> {
    return this.em.execute<JobRow[]>(
      `select * from generation.job j where status = 'waiting' and updated_at < now() - ? * interval '1 millisecond'
         and not exists (select 1 from generation.provider_call c where c.job_id = j.id and c.status = 'pending')
       limit 100`,
      [graceMs],
    );
  }

  /** Finished jobs whose credit was never settled (their worker died in between). */
  findUnsettled(olderThanMs: number): Promise<JobRow[]> {
    return this.em.execute<JobRow[]>(
      `select * from generation.job where credit = 'reserved' and status in ('succeeded', 'failed', 'canceled') and updated_at < now() - ? * interval '1 millisecond' limit 100`,
      [olderThanMs],
    );
  }

  async setCredit(jobId: string, credit: CreditState): Promise<void> {
    await this.em.execute('update generation.job set credit = ?, updated_at = now() where id = ?', [credit, jobId]);
  }
}
