import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { JobKind, JobState, JobStatus, PipelineSteps } from '@lipcast/contracts';

export type CreditState = 'reserved' | 'committed' | 'released';

export interface JobRow {
  id: string;
  user_id: string;
  kind: JobKind;
  status: JobStatus;
  progress: number;
  dedupe_key: string | null;
  input: Record<string, unknown>;
  result: { key?: string; [name: string]: unknown } | null;
  error: string | null;
  credit: CreditState;
  attempts: number;
  steps: PipelineSteps | null;
}

/** The media route a stored object is served at. */
export const mediaUrl = (key: string) => `/api/media/${key}`;

export function toJobState(job: JobRow): JobState {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
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
      "select * from generation.job where user_id = ? and dedupe_key = ? and status in ('queued', 'running', 'succeeded')",
      [userId, dedupeKey],
    );
    return job ?? null;
  }

  /** Inserts a queued job; null when a concurrent identical request inserted first. */
  async insert(job: Pick<JobRow, 'id' | 'user_id' | 'kind' | 'dedupe_key' | 'input'>): Promise<JobRow | null> {
    const rows = await this.em.execute<JobRow[]>(
      `insert into generation.job (id, user_id, kind, status, dedupe_key, input, credit) values (?, ?, ?, 'queued', ?, ?, 'reserved')
       on conflict do nothing returning *`,
      [job.id, job.user_id, job.kind, job.dedupe_key, JSON.stringify(job.input)],
    );
    return rows[0] ?? null;
  }

  /** Moves a queued (or re-delivered running) job to running; null when it is finished or cancelled. */
  async start(jobId: string): Promise<JobRow | null> {
    const [job] = await this.em.execute<JobRow[]>(
      "update generation.job set status = 'running', attempts = attempts + 1, updated_at = now() where id = ? and status in ('queued', 'running') returning *",
      [jobId],
    );
    return job ?? null;
  }

  /** Raises the progress (never lowers it) while the job runs. */
  async progress(jobId: string, progress: number): Promise<void> {
    await this.em.execute("update generation.job set progress = greatest(progress, ?), updated_at = now() where id = ? and status = 'running'", [progress, jobId]);
  }

  async finish(jobId: string, outcome: { status: 'succeeded'; result: JobRow['result'] } | { status: 'failed' | 'canceled'; error: string }): Promise<JobRow | null> {
    const [job] = await this.em.execute<JobRow[]>(
      `update generation.job set status = ?, result = ?, error = ?, progress = case when ? = 'succeeded' then 100 else progress end, updated_at = now()
       where id = ? and status in ('queued', 'running') returning *`,
      [outcome.status, 'result' in outcome ? JSON.stringify(outcome.result) : null, 'error' in outcome ? outcome.error : null, outcome.status, jobId],
    );
    return job ?? null;
  }

  /** The caller's newest run of `kind` still queued or running. */
  async findLive(userId: string, kind: JobKind): Promise<JobRow | null> {
    const [job] = await this.em.execute<JobRow[]>(
      "select * from generation.job where user_id = ? and kind = ? and status in ('queued', 'running') order by created_at desc limit 1",
      [userId, kind],
    );
    return job ?? null;
  }

  async setSteps(jobId: string, steps: PipelineSteps): Promise<void> {
    await this.em.execute('update generation.job set steps = ?, updated_at = now() where id = ?', [JSON.stringify(steps), jobId]);
  }

  async setCredit(jobId: string, credit: CreditState): Promise<void> {
    await this.em.execute('update generation.job set credit = ?, updated_at = now() where id = ?', [credit, jobId]);
  }
}
