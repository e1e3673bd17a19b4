import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { ErrorCode } from '@lipcast/contracts';
import { PeriodicWork, ServiceError } from '@lipcast/nest-kit';
import { JobLanes } from '../jobs/job-lanes';
import { JobQueue } from '../jobs/job-queue';
import type { Job } from '../jobs/job.entity';
import { JobsRepository } from '../jobs/jobs.repository';
import type { ProviderCallRecorder } from '../ports/media';
import { InvalidWebhookError, ProviderPredictions, type ProviderPrediction, type WebhookDelivery } from '../ports/predictions.port';
import { GenerationSettings } from '../settings';
import { JobProviderCalls, TIMED_OUT } from './job-provider-calls';
import { callStatusOf, ProviderCallsRepository, type ProviderCallRecord } from './provider-calls.repository';

const POLL_BATCH = 100;
const POLL_PARALLEL = 10;
const LOOKUP_TIMEOUT_MS = 10_000;
/** With webhooks, open predictions are still looked at this often, in case a delivery was lost. */
const SAFETY_POLL_MS = 60_000;
/**
 * A webhook may arrive before the job that created its prediction has recorded it (a prediction that
 * ends within the create's round trip): it waits this long for the record, then is refused so the
 * sender delivers it again, instead of being dropped and leaving the job to the safety poll.
 */
const UNRECORDED_WAIT_MS = 10_000;

/**
 * Jobs waiting on a provider: their calls are recorded when made, and when a prediction ends — told
 * by a signed webhook, or seen by the poller that looks at every open prediction in one loop — the
 * call is recorded once (duplicates and late reports change nothing) and the job goes back to the
 * queue. A prediction past its deadline is cancelled at the provider and its job resumed to fail.
 */
@Injectable()
export class ProviderCallsService extends PeriodicWork {
  protected readonly work = 'look at the open predictions';
  protected readonly intervalMs = () => this.pollIntervalMs();
  protected readonly runPass = () => RequestContext.create(this.orm.em, () => this.poll());
  /** The poller runs where jobs run, and only with a provider whose predictions can be open. */
  protected override readonly runsHere = () => this.settings.GENERATION_ROLE !== 'api' && this.predictions.provider !== 'none';

  constructor(
    private readonly calls: ProviderCallsRepository,
    private readonly jobs: JobsRepository,
    private readonly queue: JobQueue,
    private readonly lanes: JobLanes,
    private readonly predictions: ProviderPredictions,
    private readonly settings: GenerationSettings,
    private readonly orm: MikroORM,
  ) {
    super();
  }

  /** The recorder a job's run uses, so it parks while its predictions run; none when jobs hold their worker (PROVIDER_WAIT=hold). */
  recorderFor(job: Job): ProviderCallRecorder | undefined {
    if (this.settings.PROVIDER_WAIT === 'hold' || this.predictions.provider === 'none') return undefined;
    return new JobProviderCalls(this.calls, this.predictions, { id: job.id, epoch: job.callEpoch }, { deadlineMs: this.settings.PROVIDER_CALL_TIMEOUT_SECONDS * 1000, pollMs: this.pollIntervalMs() });
  }

  /** A signed webhook delivery: checked, then recorded like a poll. Refused (thrown) when its signature or age is wrong. */
  async webhook(delivery: WebhookDelivery): Promise<{ received: true }> {
    const prediction = await this.predictions.verifyWebhook(delivery).catch((error: unknown) => {
      if (error instanceof InvalidWebhookError) throw ServiceError.validation('Invalid webhook');
      throw error;
    });
    for (let delayMs = 50, waitedMs = 0; !(await this.ended(prediction)); waitedMs += delayMs, delayMs *= 2) {
      if (waitedMs >= UNRECORDED_WAIT_MS) throw new ServiceError(ErrorCode.Unavailable, `Prediction ${prediction.id} is not recorded yet: deliver it again`);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
    return { received: true };
  }

  /**
   * A prediction as the provider reports it: when it ended, recorded once and its job resumed.
   * False when no job has recorded the prediction (yet).
   */
  async ended(prediction: ProviderPrediction): Promise<boolean> {
    const status = callStatusOf(prediction.status);
    if (status === 'pending') return true;
    const call = await this.calls.complete(this.predictions.provider, prediction.id, status, prediction);
    if (call) await this.resume(call.jobId);
    return !!call || this.calls.isRecorded(this.predictions.provider, prediction.id);
  }

  /** Puts a waiting job back on its lane's queue (once: only the caller that moved it from waiting enqueues). */
  async resume(jobId: string): Promise<void> {
    const messageId = `${jobId}:${randomUUID()}`;
    const job = await this.jobs.resume(jobId, messageId);
    if (!job) return;
    // The row says it is unpublished until the message is sent; the dispatcher sends it if this fails.
    await this.queue.enqueue(job.id, this.lanes.of(job.kind), messageId);
    await this.jobs.markPublished(job.id, messageId);
  }

  /** One look at the open predictions that are due; returns how many were looked at. */
  async poll(): Promise<number> {
    const due = await this.calls.claimDue(POLL_BATCH, this.pollIntervalMs());
    for (let start = 0; start < due.length; start += POLL_PARALLEL) {
      await Promise.all(due.slice(start, start + POLL_PARALLEL).map((call) => this.look(call)));
    }
    return due.length;
  }

  /** A job that ends without its predictions (cancelled, failed) stops them at the provider. */
  async cancelPending(jobId: string): Promise<void> {
    for (const call of await this.calls.cancelPending(jobId)) await this.stop(call);
  }

  private async look(call: ProviderCallRecord): Promise<void> {
    try {
      if (call.deadlineAt.getTime() < Date.now()) {
        await this.stop(call);
        const timedOut = await this.calls.complete(call.provider, call.predictionId, 'failed', { id: call.predictionId, status: 'failed', error: 'timed out', [TIMED_OUT]: true });
        if (timedOut) await this.resume(call.jobId);
        return;
      }
      await this.ended(await this.predictions.get(call.predictionId, AbortSignal.timeout(LOOKUP_TIMEOUT_MS)));
    } catch (error) {
      this.logger.warn(`prediction ${call.predictionId} of job ${call.jobId} could not be looked at: ${String(error)}`);
    }
  }

  private async stop(call: ProviderCallRecord): Promise<void> {
    await this.predictions.cancel(call.predictionId).catch((error: unknown) => this.logger.warn(`prediction ${call.predictionId} could not be cancelled: ${String(error)}`));
  }

  private pollIntervalMs(): number {
    return this.predictions.webhook() ? SAFETY_POLL_MS : this.settings.PROVIDER_POLL_SECONDS * 1000;
  }
}
