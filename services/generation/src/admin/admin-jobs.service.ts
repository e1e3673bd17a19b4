import { Injectable } from '@nestjs/common';
import { ErrorCode, mediaUrl, OWN_ACTOR_CLIP_PATTERN, uploadsFolder, type AdminConsent, type AdminJobDetail, type AdminJobEvent, type AdminJobList, type AdminJobSummary, type AdminQueueState, type JobState } from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';
import { InfluencersRepository } from '../influencers/influencers.repository';
import { JobEta, type JobWait } from '../jobs/job-eta';
import { jobProvider } from '../jobs/job-metrics';
import { lipSyncOf } from '../jobs/job-result';
import { JobQueue } from '../jobs/job-queue';
import { JobSubmitter } from '../jobs/job-submitter';
import type { Job } from '../jobs/job.entity';
import { JobsRepository, toJobState } from '../jobs/jobs.repository';
import { JobsService } from '../jobs/jobs.service';
import { ConsentsRepository, toConsentRecord } from '../own-actors/consents.repository';
import { decodeListCursor, pageOf } from '../pagination/list-cursor';
import { initialSteps } from '../pipeline/one-shot';
import { ProjectsRepository } from '../projects/projects.repository';
import { ProviderCallsRepository } from '../provider-calls/provider-calls.repository';
import { GenerationSettings } from '../settings';
import { VideosRepository } from '../videos/videos.repository';
import type { AdminJobListDto } from './admin-jobs.dto';

const DEFAULT_LIMIT = 50;

const iso = (value: Date) => value.toISOString();

/**
 * The operator console's view of jobs (every user's): the queue, the list, one job's timeline,
 * and cancel/retry with the same rules as the user's own.
 */
@Injectable()
export class AdminJobsService {
  constructor(
    private readonly jobs: JobsRepository,
    private readonly calls: ProviderCallsRepository,
    private readonly projects: ProjectsRepository,
    private readonly userJobs: JobsService,
    private readonly submitter: JobSubmitter,
    private readonly queue: JobQueue,
    private readonly influencers: InfluencersRepository,
    private readonly settings: GenerationSettings,
    private readonly videos: VideosRepository,
    private readonly eta: JobEta,
    private readonly consents: ConsentsRepository,
  ) {}

  /**
   * Each lane consumer's backlog (the figures the queue gauges and the autoscaler read) and the
   * workers consuming: the most pull requests waiting on one lane (every worker process pulls on
   * each lane it serves; a worker busy to its concurrency limit may have none waiting for a moment).
   */
  async queueState(): Promise<AdminQueueState> {
    const backlog = await this.queue.backlog();
    return { consumers: backlog.map(({ consumer, pending, ackPending }) => ({ name: consumer, pending, ackPending })), workers: Math.max(0, ...backlog.map((lane) => lane.waiting)) };
  }

  /** Newest first, filtered by status (running includes parked jobs), kind, users and a lip-sync below the limits; `nextCursor` continues after the last one. */
  async list(filter: AdminJobListDto): Promise<AdminJobList> {
    const limit = filter.limit ?? DEFAULT_LIMIT;
    const { status, kind, userIds, lipSync } = filter;
    const page = pageOf(await this.jobs.listForOperators({ status, kind, userIds, lipSync, ...(filter.cursor ? { before: decodeListCursor(filter.cursor) } : {}) }, limit + 1), limit);
    const waits = await Promise.all(page.items.map((job) => this.wait(job)));
    return { jobs: page.items.map((job, index) => this.summary(job, undefined, waits[index])), nextCursor: page.nextCursor };
  }

  /** One job with its timeline from what its row and its provider calls record. The reservation comes from billing (the gateway asks). */
  async detail(jobId: string): Promise<Omit<AdminJobDetail, 'reservation'>> {
    const job = await this.jobs.find(jobId);
    if (!job) throw ServiceError.notFound('No such generation');
    const calls = await this.calls.callsOf(jobId);
    const timeline: AdminJobEvent[] = [{ at: iso(job.createdAt), type: 'queued', detail: null }];
    for (const call of calls) {
      timeline.push({ at: iso(call.createdAt), type: 'provider call', detail: call.provider });
      if (call.completedAt) timeline.push({ at: iso(call.completedAt), type: `provider call ${call.status}`, detail: call.provider });
    }
    if (job.attempts > 0) timeline.push({ at: iso(job.heartbeatAt ?? job.updatedAt), type: 'attempt', detail: `${job.attempts} attempt${job.attempts === 1 ? '' : 's'}, progress ${Math.round(job.progress)}%` });
    if (['succeeded', 'failed', 'canceled'].includes(job.status)) timeline.push({ at: iso(job.updatedAt), type: job.status, detail: job.error });
    if (job.retryOf) timeline.push({ at: iso(job.createdAt), type: 'retry of', detail: job.retryOf });
    const retries = await this.jobs.retriesOf(jobId);
    for (const retry of retries) timeline.push({ at: iso(retry.createdAt), type: 'retried by an operator', detail: retry.id });
    timeline.sort((a, b) => a.at.localeCompare(b.at));
    const consents = await this.consentsOf(job);
    const lipSync = job.status === 'succeeded' ? lipSyncOf(job.result) : undefined;
    return {
      ...this.summary(job, calls[calls.length - 1]?.provider, await this.wait(job)),
      ...{ attempts: job.attempts, traceId: job.traceId, timeline },
      ...(consents ? { consents } : {}),
      ...(lipSync ? { lipSync } : {}),
    };
  }

  /**
   * The consents of the face and voice a creator brought to the job: those its input points to (a
   * lip-sync's `consentId`, `voiceConsentId`), or its project's upload's (an image-to-video job).
   * None when it used no media of the creator's own face; empty when it did but none was recorded (older jobs).
   */
  private async consentsOf(job: Job): Promise<AdminConsent[] | undefined> {
    let ids: string[];
    if (job.kind === 'image_to_video') {
      // The console reads any job, also one whose input an older release wrote without these fields.
      const project = job.input.projectId === undefined ? null : await this.influencers.find(job.input.projectId);
      if (project?.imageKind !== 'upload') return undefined;
      ids = project.consentId ? [project.consentId] : [];
    } else if (job.kind === 'lipsync') {
      ids = [job.input.consentId, job.input.voiceConsentId].filter((id) => id !== undefined);
      if (ids.length === 0 && !(await this.isBroughtFace(job.userId, job.input.videoKey))) return undefined;
    } else {
      return undefined;
    }
    const rows = await Promise.all(ids.map((id) => this.consents.find(id)));
    return rows.filter((row) => row !== undefined).map((row) => ({ ...toConsentRecord(row), userId: row.userId }));
  }

  /** Whether a lip-sync's face is one a creator brought (an upload, an own actor's clip, an uploaded picture's influencer), which needs a consent. */
  private async isBroughtFace(userId: string, videoKey: string | undefined): Promise<boolean> {
    if (!videoKey) return false;
    if (OWN_ACTOR_CLIP_PATTERN.test(videoKey) || videoKey.startsWith(uploadsFolder(userId))) return true;
    return (await this.influencers.findByMedia(userId, videoKey))?.imageKind === 'upload';
  }

  /** The user's cancel, for any user's job (409 once it succeeded). */
  async cancel(jobId: string): Promise<JobState> {
    const job = await this.jobs.find(jobId);
    if (!job) throw ServiceError.notFound('No such generation');
    return this.userJobs.cancel(job.userId, jobId);
  }

  /**
   * A failed or cancelled job runs again as a new job through the one submission path: the same
   * input and dedupe key, its credit reserved again (402 when the user has none left; a free job
   * stays free), what it makes tied to the same history item, project or One Shot steps as a first
   * start would, and a public API video following the new job (its status, progress and file are the retry's).
   */
  async retry(jobId: string): Promise<JobState> {
    const job = await this.jobs.find(jobId);
    if (!job) throw ServiceError.notFound('No such generation');
    if (job.status !== 'failed' && job.status !== 'canceled') throw new ServiceError(ErrorCode.Conflict, `Only a failed or cancelled generation can be retried; this one is ${toJobState(job).status}.`);
    return this.submitter.submit({
      userId: job.userId,
      kind: job.kind,
      dedupeKey: job.dedupeKey,
      input: job.input,
      // A free job (a Creator's clip, a video's first fixes) stays free when it runs again.
      free: job.credit === 'free',
      afterInsert: async (retried) => {
        await this.jobs.setRetryOf(retried.id, jobId);
        await this.videos.followRetry(jobId, retried.id);
        if (job.kind === 'lipsync') await this.projects.linkToJob(job.userId, mediaUrl(job.input.audioKey), retried.id);
        else if (job.kind === 'image_to_video') await this.influencers.update(job.input.projectId, { jobId: retried.id });
        else await this.jobs.setSteps(retried.id, initialSteps(job.input.script));
      },
    });
  }

  /** A live job's place in its lane and time left, as its user sees them; none when they cannot be worked out. */
  private wait(job: Job): Promise<JobWait> {
    return this.eta.wait(job).catch(() => ({}));
  }

  private summary(job: Job, provider: string | undefined = undefined, wait: JobWait = {}): AdminJobSummary {
    const state = toJobState(job);
    return {
      id: job.id,
      kind: job.kind,
      status: state.status,
      userId: job.userId,
      provider: provider ?? jobProvider(this.settings, job.kind),
      progress: state.progress,
      error: job.error,
      createdAt: iso(job.createdAt),
      updatedAt: iso(job.updatedAt),
      ...wait,
    };
  }
}
