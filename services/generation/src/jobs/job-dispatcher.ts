import { Injectable } from '@nestjs/common';
import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { ErrorCode } from '@lipcast/contracts';
import { PeriodicWork, ServiceError } from '@lipcast/nest-kit';
import { Credits } from './credits';
import { JobCompletions } from './job-completions';
import { JobLanes } from './job-lanes';
import { JobQueue } from './job-queue';
import type { Job } from './job.entity';
import { JobsRepository } from './jobs.repository';

/** How often the dispatcher looks for queued jobs whose message never reached JetStream. */
const DISPATCH_INTERVAL_MS = 2000;
/** A job this young is still being published by the request that submitted it. */
const PUBLISH_GRACE_MS = 2000;
const DISPATCH_BATCH = 100;

/**
 * The job queue's outbox: a queued job's row says whether its message reached JetStream
 * (`publishedAt`), and this publishes every one that did not (NATS, PostgreSQL or billing away at
 * the wrong moment), within seconds, with the message id the row holds, so a second publish of the
 * same message is dropped by JetStream. A job is published only with its credit reserved (a free one: none; by job id,
 * once: reserving again is harmless); one that no credit can be reserved for any more fails cleanly.
 * Jobs that cannot be published within `JOB_PUBLISH_GIVE_UP_MS` are failed by the stale-job sweeper.
 */
@Injectable()
export class JobDispatcher extends PeriodicWork {
  protected readonly work = 'dispatching of unpublished jobs';
  protected readonly intervalMs = () => DISPATCH_INTERVAL_MS;
  protected readonly runPass = () => RequestContext.create(this.orm.em, () => this.dispatchUnpublished());

  constructor(
    private readonly jobs: JobsRepository,
    private readonly credits: Credits,
    private readonly queue: JobQueue,
    private readonly lanes: JobLanes,
    private readonly completions: JobCompletions,
    private readonly orm: MikroORM,
  ) {
    super();
  }

  /**
   * Reserves the job's credit and publishes its message, then records it published. Throws what
   * stopped it (the job stays unpublished for the next pass), and PAYMENT_REQUIRED after failing a
   * job no credit is left for.
   */
  async dispatch(job: Job): Promise<void> {
    try {
      if (job.credit !== 'free') await this.credits.reserve(job.userId, job.id);
    } catch (error) {
      if (error instanceof ServiceError && error.code === ErrorCode.PaymentRequired) await this.completions.end(job, { status: 'failed', error: error.message });
      throw error;
    }
    const messageId = job.queueMessageId ?? job.id;
    await this.queue.enqueue(job.id, this.lanes.of(job.kind), messageId);
    await this.jobs.markPublished(job.id, messageId);
  }

  /** One pass: publishes the queued jobs left unpublished; returns the ids it published. */
  async dispatchUnpublished(): Promise<string[]> {
    const published: string[] = [];
    for (const job of await this.jobs.findUnpublished(PUBLISH_GRACE_MS, DISPATCH_BATCH)) {
      try {
        await this.dispatch(job);
        published.push(job.id);
      } catch (error) {
        this.logger.warn(`job ${job.id} is still unpublished: ${String(error)}`);
        if (!(error instanceof ServiceError && error.code === ErrorCode.PaymentRequired)) break; // the same outage would stop the rest
      }
    }
    if (published.length) this.logger.log(`published ${published.length} job(s) whose message had not reached the queue`);
    return published;
  }
}
