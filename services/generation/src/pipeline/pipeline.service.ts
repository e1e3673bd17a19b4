import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { JobState, PipelineRequest } from '@lipcast/contracts';
import { Credits } from '../jobs/credits';
import { JobQueue } from '../jobs/job-queue';
import { JobsRepository, toJobState } from '../jobs/jobs.repository';
import { initialSteps, type OneShotInput } from './one-shot';

/** Starts One Shot runs (one at a time per user: a second start returns the run in progress) and finds the live one. */
@Injectable()
export class PipelineService {
  constructor(
    private readonly jobs: JobsRepository,
    private readonly credits: Credits,
    private readonly queue: JobQueue,
  ) {}

  async start(userId: string, request: PipelineRequest): Promise<JobState> {
    const live = await this.jobs.findLive(userId, 'one_shot');
    if (live) return toJobState(live);
    const jobId = randomUUID();
    await this.credits.reserve(userId, jobId); // the whole run is one generation
    const input: OneShotInput = { description: request.influencerDescription.trim(), gender: request.gender ?? 'male', topic: request.scriptTopic.trim() };
    const job = await this.jobs.insert({ id: jobId, user_id: userId, kind: 'one_shot', dedupe_key: null, input: { ...input } });
    const steps = initialSteps();
    await this.jobs.setSteps(jobId, steps);
    await this.queue.enqueue(jobId);
    return toJobState({ ...job!, steps });
  }

  async current(userId: string): Promise<JobState | null> {
    const live = await this.jobs.findLive(userId, 'one_shot');
    return live ? toJobState(live) : null;
  }
}
