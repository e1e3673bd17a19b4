import { createHash, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ErrorCode, type JobState, type UserLipSyncRequest } from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';
import { Credits } from '../jobs/credits';
import { JobQueue } from '../jobs/job-queue';
import { JobsRepository, mediaUrl, toJobState } from '../jobs/jobs.repository';
import { MediaRefs } from '../media/media-refs';
import { linkProjectToJob } from '../projects/project-links';

/** What a lip-sync job is given: object keys only (never a URL to fetch). */
export interface LipSyncJobInput {
  videoKey: string;
  audioKey: string;
  actorId?: string;
}

/**
 * Starts lip-sync jobs. The same request (same user, video and audio) is the
 * same job while it runs or once it succeeded: never a second job, never a second charge.
 */
@Injectable()
export class LipSyncService {
  constructor(
    private readonly refs: MediaRefs,
    private readonly jobs: JobsRepository,
    private readonly credits: Credits,
    private readonly queue: JobQueue,
    private readonly em: EntityManager,
  ) {}

  async start(request: UserLipSyncRequest): Promise<JobState> {
    const video = await this.refs.resolve(request.userId, request.video, 'video');
    const audio = await this.refs.resolve(request.userId, request.audio ?? request.audioUrl, 'audio');
    const dedupeKey = createHash('sha256').update(`lipsync\n${video.key}\n${audio.key}`).digest('hex');
    const existing = await this.jobs.findByDedupeKey(request.userId, dedupeKey);
    if (existing) return toJobState(existing);

    const jobId = randomUUID();
    await this.credits.reserve(request.userId, jobId); // 402 with the limit when nothing is left
    const input: LipSyncJobInput = { videoKey: video.key, audioKey: audio.key, ...(video.actorId ? { actorId: video.actorId } : {}) };
    const job = await this.jobs.insert({ id: jobId, user_id: request.userId, kind: 'lipsync', dedupe_key: dedupeKey, input: { ...input } });
    if (!job) {
      // An identical request inserted first, between our look-up and our insert.
      await this.credits.release(jobId);
      const winner = await this.jobs.findByDedupeKey(request.userId, dedupeKey);
      if (!winner) throw new ServiceError(ErrorCode.Conflict, 'The same video is already being generated; try again in a moment.');
      return toJobState(winner);
    }
    await linkProjectToJob(this.em, request.userId, mediaUrl(audio.key), jobId);
    await this.queue.enqueue(jobId);
    return toJobState(job);
  }
}
