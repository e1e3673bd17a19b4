import { Injectable } from '@nestjs/common';
import { ErrorCode, jobStopSubject, type JobState } from '@lipcast/contracts';
import { ServiceClient, ServiceError } from '@lipcast/nest-kit';
import { JOB_CANCELED_MESSAGE, JobCompletions } from './job-completions';
import { JobEta } from './job-eta';
import { JobsRepository, toJobState } from './jobs.repository';

/** A user's jobs of any kind: their state, and cancelling them. */
@Injectable()
export class JobsService {
  constructor(
    private readonly jobs: JobsRepository,
    private readonly completions: JobCompletions,
    private readonly services: ServiceClient,
    private readonly eta: JobEta,
  ) {}

  async get(userId: string, jobId: string): Promise<JobState> {
    const job = await this.jobs.findOwned(userId, jobId);
    if (!job) throw ServiceError.notFound('No such generation');
    return this.eta.state(job);
  }

  /**
   * Stops a live job until the moment it commits: its worker is told, everything it stored is
   * deleted and its credit released. A job already succeeded is paid output: 409.
   */
  async cancel(userId: string, jobId: string): Promise<JobState> {
    if (!(await this.jobs.findOwned(userId, jobId))) throw ServiceError.notFound('No such generation');
    const canceled = await this.jobs.finish(jobId, { status: 'canceled', error: JOB_CANCELED_MESSAGE });
    if (!canceled) {
      const finished = (await this.jobs.find(jobId))!;
      if (finished.status === 'succeeded') throw new ServiceError(ErrorCode.Conflict, 'This generation is already finished and can no longer be canceled.');
      return toJobState(finished);
    }
    this.services.publish(jobStopSubject(jobId), { jobId });
    await this.completions.end(canceled, { status: 'canceled', error: JOB_CANCELED_MESSAGE });
    return toJobState(canceled);
  }
}

/** For `cancel(...).catch(ignoreFinishedJob)`: a job that ended meanwhile (409) or is gone (404) leaves nothing to stop. */
export function ignoreFinishedJob(error: unknown): void {
  if (error instanceof ServiceError && (error.payload.code === ErrorCode.Conflict || error.payload.code === ErrorCode.NotFound)) return;
  throw error;
}
