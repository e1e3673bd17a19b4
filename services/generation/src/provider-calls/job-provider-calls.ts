import { JobParked, ProviderError, type ProviderCallRecorder, type WebhookTarget } from '../ports/media';
import type { ProviderPredictions } from '../ports/predictions.port';
import type { ProviderCallsRepository } from './provider-calls.repository';

/** The spec's text for a prediction that ran past its time (section 8). */
export const PROVIDER_TIMEOUT_MESSAGE = 'The video generation process timed out. This happens with complex videos. Please try again.';
/** Set on a prediction we stopped at its deadline. */
export const TIMED_OUT = 'lipcastTimedOut';

/**
 * One run of a job's provider calls. Each adapter's n-th call in this run is keyed
 * `<epoch>:<adapter>#<n>`; a run that repeats the job's steps (after a park, or a worker that died)
 * meets the same keys in the same order, so it gets the recorded prediction back instead of paying
 * for a new one. A retry of the job moves to the next epoch, so its calls are made anew.
 */
export class JobProviderCalls implements ProviderCallRecorder {
  private readonly counts = new Map<string, number>();

  constructor(
    private readonly calls: ProviderCallsRepository,
    private readonly predictions: ProviderPredictions,
    private readonly job: { id: string; epoch: number },
    private readonly timing: { deadlineMs: number; pollMs: number },
  ) {}

  async call(adapter: string, create: (webhook: WebhookTarget | undefined) => Promise<{ id: string }>): Promise<Record<string, unknown>> {
    const count = (this.counts.get(adapter) ?? 0) + 1;
    this.counts.set(adapter, count);
    const callKey = `${this.job.epoch}:${adapter}#${count}`;
    const recorded = await this.calls.find(this.job.id, callKey);
    if (!recorded) {
      const prediction = await create(this.predictions.webhook());
      await this.calls.insert({ jobId: this.job.id, callKey, provider: this.predictions.provider, predictionId: prediction.id, deadlineMs: this.timing.deadlineMs, pollInMs: this.timing.pollMs });
      throw new JobParked(callKey);
    }
    if (recorded.status === 'pending') throw new JobParked(callKey);
    if (recorded.prediction?.[TIMED_OUT]) throw new ProviderError(PROVIDER_TIMEOUT_MESSAGE, 'timeout', true);
    if (!recorded.prediction) throw new ProviderError('The generation was canceled.', 'canceled');
    return recorded.prediction;
  }
}
