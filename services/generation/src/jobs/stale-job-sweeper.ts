import { Injectable } from '@nestjs/common';
import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { jobStopSubject } from '@lipcast/contracts';
import { PeriodicWork, ServiceClient } from '@lipcast/nest-kit';
import { GenerationSettings } from '../settings';
import { JobCompletions } from './job-completions';
import { JOB_FAILED_MESSAGE, JOB_TIME_LIMIT_MESSAGE, MAX_DELIVERIES } from './job-worker';
import { ProviderCallsService } from '../provider-calls/provider-calls.service';
import type { Job } from './job.entity';
import { JobsRepository } from './jobs.repository';

const SWEEP_INTERVAL_MS = 30_000;
/** A waiting job none of whose predictions is open any more, for this long, lost its resume. */
const UNRESUMED_AFTER_MS = 60_000;
/** A waiting job outlives its predictions' deadline by this much only if the poller is gone. */
const WAITING_GRACE_MS = 10 * 60 * 1000;
/** A finished job whose credit is still reserved this long after it ended lost its worker in between. */
const UNSETTLED_AFTER_MS = 60_000;
export const JOB_NOT_STARTED_MESSAGE = 'The generation could not be started. Please try again.';

/**
 * Ends the jobs nothing else will end, by the rule of each state, so their credits come back and
 * their event streams close:
 * - queued and still unpublished after JOB_PUBLISH_GIVE_UP_MS (the dispatcher could not send its message) → failed;
 * - running past its attempt's deadline (plus the heartbeat allowance): its worker is gone or stuck → failed;
 * - running with every delivery used and no heartbeat: its workers keep dying on it → failed;
 * - waiting on a provider with no open prediction: its resume was lost → queued again;
 * - waiting far past its predictions' deadline (the poller cancels and fails those): the poller is gone → failed;
 * - finished with its credit still reserved: the credit is settled.
 * A new job state brings its own rule here; no blanket age applies.
 */
@Injectable()
export class StaleJobSweeper extends PeriodicWork {
  protected readonly work = 'stale-job sweep';
  protected readonly intervalMs = () => SWEEP_INTERVAL_MS;
  protected readonly runPass = () => RequestContext.create(this.orm.em, () => this.sweep());

  constructor(
    private readonly jobs: JobsRepository,
    private readonly completions: JobCompletions,
    private readonly providerCalls: ProviderCallsService,
    private readonly services: ServiceClient,
    private readonly settings: GenerationSettings,
    private readonly orm: MikroORM,
  ) {
    super();
  }

  /** One pass; returns the ids of the jobs it ended. */
  async sweep(): Promise<string[]> {
    for (const job of await this.jobs.findUnresumed(UNRESUMED_AFTER_MS)) await this.providerCalls.resume(job.id);
    const stale = await this.jobs.findStale({
      silentMs: this.settings.JOB_ACK_WAIT_MS * 2,
      maxDeliveries: MAX_DELIVERIES,
      unpublishedMaxMs: this.settings.JOB_PUBLISH_GIVE_UP_MS,
      waitingMaxMs: this.settings.PROVIDER_CALL_TIMEOUT_SECONDS * 1000 + WAITING_GRACE_MS,
    });
    for (const job of stale) {
      this.logger.warn(`job ${job.id} (${job.kind}, ${job.status}, attempt ${job.attempts}) is stale: ending it`);
      this.services.publish(jobStopSubject(job.id), { jobId: job.id }); // a worker still on it stops
      await this.completions.end(job, { status: 'failed', error: messageFor(job) });
    }
    for (const job of await this.jobs.findUnsettled(UNSETTLED_AFTER_MS)) await this.completions.settle(job.id);
    return stale.map((job) => job.id);
  }
}

function messageFor(job: Job): string {
  if (job.status === 'queued') return JOB_NOT_STARTED_MESSAGE;
  if (job.status === 'waiting') return JOB_TIME_LIMIT_MESSAGE;
  return job.deadlineAt && job.deadlineAt < new Date() ? JOB_TIME_LIMIT_MESSAGE : JOB_FAILED_MESSAGE;
}
