import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { jetstreamManager } from '@nats-io/jetstream';
import { ErrorCode, mediaUrl, type AdminJobDetail, type AdminJobEvent, type AdminJobList, type AdminJobSummary, type AdminQueueState, type JobState } from '@lipcast/contracts';
import { ServiceClient, ServiceError } from '@lipcast/nest-kit';
import { InfluencersRepository } from '../influencers/influencers.repository';
import { jobProvider } from '../jobs/job-metrics';
import { JOB_LANES, JOB_STREAM, JobQueue } from '../jobs/job-queue';
import { JobSubmitter } from '../jobs/job-submitter';
import { JobsRepository, toJobState, type JobRow } from '../jobs/jobs.repository';
import { JobsService } from '../jobs/jobs.service';
import { initialSteps } from '../pipeline/one-shot';
import { linkProjectToJob } from '../projects/project-links';
import { GenerationSettings } from '../settings';
import type { AdminJobListDto } from './admin-jobs.dto';

const DEFAULT_LIMIT = 50;

/** The list's position: the last job shown (created at, id), opaque to the caller. */
const encodeCursor = (job: JobRow) => Buffer.from(`${new Date(job.created_at).toISOString()}|${job.id}`).toString('base64url');
function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!id || Number.isNaN(Date.parse(createdAt))) throw ServiceError.validation('cursor is not one this list gave', { field: 'cursor' });
  return { createdAt, id };
}

interface ProviderCallRow {
  provider: string;
  status: string;
  created_at: Date | string;
  completed_at: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The operator console's view of jobs (every user's): the queue, the list, one job's timeline,
 * and cancel/retry with the same rules as the user's own.
 */
@Injectable()
export class AdminJobsService {
  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobsRepository,
    private readonly userJobs: JobsService,
    private readonly submitter: JobSubmitter,
    private readonly queue: JobQueue,
    private readonly services: ServiceClient,
    private readonly influencers: InfluencersRepository,
    private readonly settings: GenerationSettings,
  ) {}

  /**
   * Each lane consumer's backlog (the figures the queue gauges and the autoscaler read) and the
   * workers consuming: the most pull requests waiting on one lane (every worker process pulls on
   * each lane it serves; a worker busy to its concurrency limit may have none waiting for a moment).
   */
  async queueState(): Promise<AdminQueueState> {
    const backlog = await this.queue.backlog();
    const manager = await jetstreamManager(this.services.nats);
    const waiting = await Promise.all(Object.values(JOB_LANES).map(async ({ consumer }) => (await manager.consumers.info(JOB_STREAM, consumer)).num_waiting));
    return { consumers: backlog.map(({ consumer, pending, ackPending }) => ({ name: consumer, pending, ackPending })), workers: Math.max(0, ...waiting) };
  }

  /** Newest first, filtered by status (running includes parked jobs), kind and users; `nextCursor` continues after the last one. */
  async list(filter: AdminJobListDto): Promise<AdminJobList> {
    const limit = filter.limit ?? DEFAULT_LIMIT;
    const where: string[] = [];
    const values: unknown[] = [];
    if (filter.status) {
      where.push(filter.status === 'running' ? "status in ('running', 'waiting')" : 'status = ?');
      if (filter.status !== 'running') values.push(filter.status);
    }
    if (filter.kind) {
      where.push('kind = ?');
      values.push(filter.kind);
    }
    if (filter.userIds) {
      where.push('user_id = any(?::uuid[])');
      values.push(`{${filter.userIds.join(',')}}`);
    }
    if (filter.cursor) {
      const { createdAt, id } = decodeCursor(filter.cursor);
      where.push('(created_at, id) < (?::timestamptz, ?::uuid)');
      values.push(createdAt, id);
    }
    const rows = await this.em.execute<JobRow[]>(
      `select * from generation.job ${where.length ? `where ${where.join(' and ')}` : ''} order by created_at desc, id desc limit ?`,
      [...values, limit + 1],
    );
    const page = rows.slice(0, limit);
    return { jobs: page.map((job) => this.summary(job)), nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]) : null };
  }

  /** One job with its timeline from what its row and its provider calls record. The reservation comes from billing (the gateway asks). */
  async detail(jobId: string): Promise<Omit<AdminJobDetail, 'reservation'>> {
    const job = await this.jobs.find(jobId);
    if (!job) throw ServiceError.notFound('No such generation');
    const calls = await this.em.execute<ProviderCallRow[]>(
      'select provider, status, created_at, completed_at from generation.provider_call where job_id = ? order by created_at',
      [jobId],
    );
    const timeline: AdminJobEvent[] = [{ at: iso(job.created_at), type: 'queued', detail: null }];
    for (const call of calls) {
      timeline.push({ at: iso(call.created_at), type: 'provider call', detail: call.provider });
      if (call.completed_at) timeline.push({ at: iso(call.completed_at), type: `provider call ${call.status}`, detail: call.provider });
    }
    if (job.attempts > 0) timeline.push({ at: iso(job.heartbeat_at ?? job.updated_at), type: 'attempt', detail: `${job.attempts} attempt${job.attempts === 1 ? '' : 's'}, progress ${Math.round(job.progress)}%` });
    if (['succeeded', 'failed', 'canceled'].includes(job.status)) timeline.push({ at: iso(job.updated_at), type: job.status, detail: job.error });
    if (job.retry_of) timeline.push({ at: iso(job.created_at), type: 'retry of', detail: job.retry_of });
    const retries = await this.em.execute<{ id: string; created_at: Date | string }[]>('select id, created_at from generation.job where retry_of = ? order by created_at', [jobId]);
    for (const retry of retries) timeline.push({ at: iso(retry.created_at), type: 'retried by an operator', detail: retry.id });
    timeline.sort((a, b) => a.at.localeCompare(b.at));
    return { ...this.summary(job, calls[calls.length - 1]?.provider), attempts: job.attempts, traceId: job.trace_id, timeline };
  }

  /** The user's cancel, for any user's job (409 once it succeeded). */
  async cancel(jobId: string): Promise<JobState> {
    const job = await this.jobs.find(jobId);
    if (!job) throw ServiceError.notFound('No such generation');
    return this.userJobs.cancel(job.user_id, jobId);
  }

  /**
   * A failed or cancelled job runs again as a new job through the one submission path: the same
   * input and dedupe key, its credit reserved again (402 when the user has none left), what it
   * makes tied to the same history item, project or One Shot steps as a first start would.
   */
  async retry(jobId: string): Promise<JobState> {
    const job = await this.jobs.find(jobId);
    if (!job) throw ServiceError.notFound('No such generation');
    if (job.status !== 'failed' && job.status !== 'canceled') throw new ServiceError(ErrorCode.Conflict, `Only a failed or cancelled generation can be retried; this one is ${toJobState(job).status}.`);
    const input = job.input;
    return this.submitter.submit({
      userId: job.user_id,
      kind: job.kind,
      dedupeKey: job.dedupe_key,
      input,
      afterInsert: async (retried) => {
        await this.em.execute('update generation.job set retry_of = ? where id = ?', [jobId, retried.id]);
        if (job.kind === 'lipsync') await linkProjectToJob(this.em, job.user_id, mediaUrl(String(input.audioKey)), retried.id);
        else if (job.kind === 'image_to_video') await this.influencers.update(Number(input.projectId), { job_id: retried.id });
        else await this.jobs.setSteps(retried.id, initialSteps(typeof input.script === 'string' ? input.script : undefined));
      },
    });
  }

  private summary(job: JobRow, provider: string | undefined = undefined): AdminJobSummary {
    const state = toJobState(job);
    return {
      id: job.id,
      kind: job.kind,
      status: state.status,
      userId: job.user_id,
      provider: provider ?? jobProvider(this.settings, job.kind),
      progress: state.progress,
      error: job.error,
      createdAt: iso(job.created_at),
      updatedAt: iso(job.updated_at),
    };
  }
}
