import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ErrorCode, type JobKind, type JobState } from '@lipcast/contracts';
import { inSpan, ServiceError } from '@lipcast/nest-kit';
import { Credits } from './credits';
import { JobDispatcher } from './job-dispatcher';
import { JobEta } from './job-eta';
import { JobHandlers } from './job-handlers';
import type { Job } from './job.entity';
import { JobsRepository, type NewJob } from './jobs.repository';

/** A job to submit: a new job but for its id, which the submitter gives it. */
export interface JobSubmission<Kind extends JobKind = JobKind> extends Omit<NewJob<Kind>, 'id'> {
  /** Its id when its input names its own folder (a video fix's speech); a new one otherwise. */
  id?: string;
  /** Runs in the transaction that inserts the job, before it is queued (e.g. ties a history item to it). */
  afterInsert?(job: Job): Promise<void>;
  /**
   * What a free job takes instead of a credit (the Creator's clip: a daily image preview), after the
   * checks and before the job is written: a refusal (e.g. 429) starts nothing; rejoining the same job takes nothing.
   */
  beforeInsert?(): Promise<unknown>;
}

/**
 * The one way a job is submitted, for every kind: find the same live job (publishing it if its
 * message never reached the queue), else run its kind's check (e.g. the lip-sync's face check of its
 * photo or clip: refused before anything is reserved) and check that a credit is left (402), insert it unpublished with what ties to it in one
 * transaction, then reserve its credit and publish it (`JobDispatcher`). A unique index decides the
 * race between identical requests, so two submits never both run. Whatever fails after the insert
 * leaves a row the dispatcher finishes: no accepted job is lost, and no credit is reserved without a job.
 */
@Injectable()
export class JobSubmitter {
  constructor(
    private readonly jobs: JobsRepository,
    private readonly credits: Credits,
    private readonly dispatcher: JobDispatcher,
    private readonly eta: JobEta,
    private readonly handlers: JobHandlers,
  ) {}

  /** Traced as one span (reserve, insert, queue) under the request that submits. */
  submit<Kind extends JobKind>(submission: JobSubmission<Kind>): Promise<JobState> {
    return inSpan(`job submit ${submission.kind}`, { attributes: { 'lipcast.job_kind': submission.kind } }, () => this.submitUntraced(submission));
  }

  private async submitUntraced<Kind extends JobKind>(submission: JobSubmission<Kind>): Promise<JobState> {
    const existing = await this.sameJob(submission);
    if (existing) return this.eta.state(await this.publishedOrAsIs(existing));

    // The checks before anything is written: the kind's own (a photo or clip lip-sync could not use), and no credit left.
    await this.handlers.of(submission.kind).check?.(submission.input);
    if (!submission.free) await this.credits.check(submission.userId);
    await submission.beforeInsert?.();
    const job = await this.jobs.insert(
      { id: submission.id ?? randomUUID(), userId: submission.userId, kind: submission.kind, dedupeKey: submission.dedupeKey, input: submission.input, free: submission.free },
      submission.afterInsert,
    );
    if (!job) {
      const winner = await this.sameJob(submission);
      if (!winner) throw new ServiceError(ErrorCode.Conflict, 'The same generation is already under way; try again in a moment.');
      return this.eta.state(winner);
    }
    await this.dispatcher.dispatch(job);
    // Its place in its lane and the wait: the answer shows them at once.
    return this.eta.state(job);
  }

  /** A request that finds its live job never published publishes it now (a pressed-again Generate after an outage). */
  private async publishedOrAsIs(job: Job): Promise<Job> {
    if (job.status === 'queued' && job.publishedAt === null) await this.dispatcher.dispatch(job);
    return job;
  }

  private sameJob({ userId, kind, dedupeKey }: JobSubmission): Promise<Job | null> {
    return dedupeKey ? this.jobs.findByDedupeKey(userId, dedupeKey) : this.jobs.findLive(userId, kind);
  }
}
