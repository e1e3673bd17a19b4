import { Injectable } from '@nestjs/common';
import { jobCancelSubject, jobProgressSubject, type JobState } from '@lipcast/contracts';
import { ServiceClient, ServiceError } from '@lipcast/nest-kit';
import { Credits } from './credits';
import { JobsRepository, toJobState } from './jobs.repository';

/** A user's jobs of any kind: their state, and cancelling them. */
@Injectable()
export class JobsService {
  constructor(
    private readonly jobs: JobsRepository,
    private readonly credits: Credits,
    private readonly services: ServiceClient,
  ) {}

  async get(userId: string, jobId: string): Promise<JobState> {
    const job = await this.jobs.findOwned(userId, jobId);
    if (!job) throw ServiceError.notFound('No such generation');
    return toJobState(job);
  }

  /** Stops a queued or running job (its worker is told) and releases its credit; a finished job is left as it is. */
  async cancel(userId: string, jobId: string): Promise<JobState> {
    const owned = await this.jobs.findOwned(userId, jobId);
    if (!owned) throw ServiceError.notFound('No such generation');
    const canceled = await this.jobs.finish(jobId, { status: 'canceled', error: 'The generation was canceled.' });
    if (!canceled) return toJobState(owned);
    this.services.publish(jobCancelSubject(jobId), { jobId });
    await this.credits.release(jobId);
    await this.jobs.setCredit(jobId, 'released');
    const state = toJobState(canceled);
    this.services.publish(jobProgressSubject(jobId), state);
    return state;
  }
}
