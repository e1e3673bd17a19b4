import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ErrorCode, type JobKind, type JobState } from '@lipcast/contracts';
import { inSpan, ServiceError } from '@lipcast/nest-kit';
import { FaceChecks } from '../media/face-checks';
import { Credits } from './credits';
import { JobEta } from './job-eta';
import { JobLanes } from './job-lanes';
import { JobQueue } from './job-queue';
import type { JobInputs } from './job-inputs';
import type { Job } from './job.entity';
import { JobsRepository } from './jobs.repository';

/** A job to submit: its input is the one its kind takes. */
export interface JobSubmission<Kind extends JobKind = JobKind> {
  userId: string;
  kind: Kind;
  input: JobInputs[Kind];
  /**
   * The same request is the same job while it is live (and, with a key, once it succeeded): never a
   * second job, never a second charge. A `dedupeKey` names the request; without one the database
   * allows one live job of the kind per user (One Shot).
   */
  dedupeKey: string | null;
  /** Runs once the job exists, before it is queued (e.g. ties a history item to it). */
  afterInsert?(job: Job): Promise<void>;
}

/**
 * The one way a job is submitted, for every kind: find the same live job, else check its photo or
 * clip (FaceChecks: refused before anything is reserved), reserve a credit
 * (402 when none is left), insert, release the credit if a concurrent identical request won the
 * insert, and queue. A unique index decides the race, so two submits never both run.
 */
@Injectable()
export class JobSubmitter {
  constructor(
    private readonly jobs: JobsRepository,
    private readonly credits: Credits,
    private readonly queue: JobQueue,
    private readonly lanes: JobLanes,
    private readonly eta: JobEta,
    private readonly faceChecks: FaceChecks,
  ) {}

  /** Traced as one span (reserve, insert, queue) under the request that submits. */
  submit<Kind extends JobKind>(submission: JobSubmission<Kind>): Promise<JobState> {
    return inSpan(`job submit ${submission.kind}`, { attributes: { 'lipcast.job_kind': submission.kind } }, () => this.submitUntraced(submission));
  }

  private async submitUntraced<Kind extends JobKind>(submission: JobSubmission<Kind>): Promise<JobState> {
    const existing = await this.sameJob(submission);
    if (existing) return this.eta.state(existing);

    // The check before charging: a photo or clip lip-sync could not use is refused before any credit moves.
    await this.faceChecks.checkJob(submission.kind, submission.input);
    const jobId = randomUUID();
    await this.credits.reserve(submission.userId, jobId);
    const job = await this.jobs.insert({ id: jobId, userId: submission.userId, kind: submission.kind, dedupeKey: submission.dedupeKey, input: submission.input });
    if (!job) {
      await this.credits.release(jobId);
      const winner = await this.sameJob(submission);
      if (!winner) throw new ServiceError(ErrorCode.Conflict, 'The same generation is already under way; try again in a moment.');
      return this.eta.state(winner);
    }
    await submission.afterInsert?.(job);
    await this.queue.enqueue(jobId, this.lanes.of(submission.kind));
    // Its place in its lane and the wait: the answer shows them at once.
    return this.eta.state(job);
  }

  private sameJob({ userId, kind, dedupeKey }: JobSubmission): Promise<Job | null> {
    return dedupeKey ? this.jobs.findByDedupeKey(userId, dedupeKey) : this.jobs.findLive(userId, kind);
  }
}
