import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { communityKey, mediaUrl, Subjects, type AdminGalleryReport, type AdminModerationDecisionResult, type AdminJobList, type AdminQueueState, type JobState } from '@lipcast/contracts';
import { Handles } from '@lipcast/nest-kit';
import { AdminModerationDecisionRequestDto } from '@lipcast/nest-kit/requests';
import { InfluencersRepository } from '../influencers/influencers.repository';
import { InfluencersService } from '../influencers/influencers.service';
import { AdminJobDto, AdminJobListDto } from './admin-jobs.dto';
import { AdminJobsService } from './admin-jobs.service';

/** The operator console's requests (the gateway lets only operators send them, and audits each write). */
@Controller()
export class AdminController {
  constructor(
    private readonly jobs: AdminJobsService,
    private readonly influencers: InfluencersRepository,
    private readonly influencerService: InfluencersService,
  ) {}

  @Handles(Subjects.generation.adminQueueGet)
  queue(): Promise<AdminQueueState> {
    return this.jobs.queueState();
  }

  @Handles(Subjects.generation.adminJobsList)
  list(@Payload() filter: AdminJobListDto): Promise<AdminJobList> {
    return this.jobs.list(filter);
  }

  @Handles(Subjects.generation.adminJobGet)
  get(@Payload() request: AdminJobDto) {
    return this.jobs.detail(request.jobId);
  }

  @Handles(Subjects.generation.adminJobCancel)
  cancel(@Payload() request: AdminJobDto): Promise<JobState> {
    return this.jobs.cancel(request.jobId);
  }

  @Handles(Subjects.generation.adminJobRetry)
  retry(@Payload() request: AdminJobDto): Promise<JobState> {
    return this.jobs.retry(request.jobId);
  }

  /** Reported gallery items: in review first, then appealed, then the most reported. */
  @Handles(Subjects.generation.adminGalleryReports)
  async reports(): Promise<AdminGalleryReport[]> {
    const reported = await this.influencers.reported();
    return reported.map((item) => ({
      influencerId: String(item.projectId),
      name: item.name ?? '',
      ownerId: item.ownerId,
      // The public copy while it is in the gallery; else the owner's own clip, so the operator can judge what they decide on.
      videoUrl: item.published && item.state === 'visible' ? mediaUrl(communityKey(item.projectId, 'video-v1.mp4')) : item.videoKey && mediaUrl(item.videoKey),
      reports: item.reports,
      weightedReports: Math.round((item.weightThirds / 3) * 100) / 100,
      lastReason: item.reasons[item.reasons.length - 1] ?? null,
      lastReportedAt: new Date(item.lastReportedAt).toISOString(),
      published: item.published,
      state: item.state,
      stateReason: item.stateReason,
      appeal: item.appeal,
      appealedAt: item.appealedAt && new Date(item.appealedAt).toISOString(),
    }));
  }

  @Handles(Subjects.generation.adminGalleryDecide)
  decide(@Payload() request: AdminModerationDecisionRequestDto): Promise<AdminModerationDecisionResult> {
    return this.influencerService.decide(request);
  }
}
