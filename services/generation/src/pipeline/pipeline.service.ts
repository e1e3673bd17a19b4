import { Injectable } from '@nestjs/common';
import { DEFAULT_VIDEO_FORMAT, type JobState, type PipelineRequest } from '@lipcast/contracts';
import { JobSubmitter } from '../jobs/job-submitter';
import { JobEta } from '../jobs/job-eta';
import { JobsRepository } from '../jobs/jobs.repository';
import type { OneShotInput } from '../jobs/job-inputs';
import { initialSteps } from './one-shot';

/** Starts One Shot runs (one live run per user, held by the database: a second start returns the run in progress) and finds the live one. */
@Injectable()
export class PipelineService {
  constructor(
    private readonly jobs: JobsRepository,
    private readonly submitter: JobSubmitter,
    private readonly eta: JobEta,
  ) {}

  async start(userId: string, request: PipelineRequest): Promise<JobState> {
    const script = request.script?.trim() || undefined;
    const format = request.format && request.format !== DEFAULT_VIDEO_FORMAT ? request.format : undefined;
    const captions = request.captions && request.captions !== 'none' ? request.captions : undefined;
    const input: OneShotInput = {
      description: request.influencerDescription.trim(),
      gender: request.gender ?? 'male',
      topic: request.scriptTopic.trim(),
      ...(script ? { script } : {}),
      ...(format ? { format } : {}),
      ...(captions ? { captions } : {}),
    };
    const steps = initialSteps(script);
    const state = await this.submitter.submit({
      userId,
      kind: 'one_shot', // the whole run is one generation
      dedupeKey: null,
      input: { ...input },
      afterInsert: (job) => this.jobs.setSteps(job.id, steps),
    });
    return state.steps ? state : { ...state, steps };
  }

  async current(userId: string): Promise<JobState | null> {
    const live = await this.jobs.findLive(userId, 'one_shot');
    return live ? this.eta.state(live) : null;
  }
}
