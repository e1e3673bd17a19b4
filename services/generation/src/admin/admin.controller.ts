import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { communityKey, mediaUrl, Subjects, type AdminGalleryReport, type AdminJobList, type AdminQueueState, type JobState } from '@lipcast/contracts';
import { InfluencersRepository } from '../influencers/influencers.repository';
import { InfluencersService } from '../influencers/influencers.service';
import { GenerationSettings } from '../settings';
import { AdminInfluencerDto, AdminJobDto, AdminJobListDto } from './admin-jobs.dto';
import { AdminJobsService } from './admin-jobs.service';

/** The operator console's requests (the gateway lets only operators send them, and audits each write). */
@Controller()
export class AdminController {
  constructor(
    private readonly jobs: AdminJobsService,
    private readonly influencers: InfluencersRepository,
    private readonly influencerService: InfluencersService,
    private readonly settings: GenerationSettings,
  ) {}

  @MessagePattern(Subjects.generation.adminQueueGet)
  queue(): Promise<AdminQueueState> {
    return this.jobs.queueState();
  }

  @MessagePattern(Subjects.generation.adminJobsList)
  list(@Payload() filter: AdminJobListDto): Promise<AdminJobList> {
    return this.jobs.list(filter);
  }

  @MessagePattern(Subjects.generation.adminJobGet)
  get(@Payload() request: AdminJobDto) {
    return this.jobs.detail(request.jobId);
  }

  @MessagePattern(Subjects.generation.adminJobCancel)
  cancel(@Payload() request: AdminJobDto): Promise<JobState> {
    return this.jobs.cancel(request.jobId);
  }

  @MessagePattern(Subjects.generation.adminJobRetry)
  retry(@Payload() request: AdminJobDto): Promise<JobState> {
    return this.jobs.retry(request.jobId);
  }

  /** Reported gallery items, most reported first. */
  @MessagePattern(Subjects.generation.adminGalleryReports)
  async reports(): Promise<AdminGalleryReport[]> {
    const reported = await this.influencers.reported(this.settings.GALLERY_REPORTS_TO_HIDE);
    return reported.map((item) => ({
      influencerId: String(item.projectId),
      name: item.name ?? '',
      ownerId: item.ownerId,
      // The public copy while it is in the gallery; a hidden or withdrawn item has none (its owner's own clip is theirs only).
      videoUrl: item.published && !item.hidden ? mediaUrl(communityKey(item.projectId, 'video-v1.mp4')) : null,
      reports: item.reports,
      lastReason: item.reasons[item.reasons.length - 1] ?? null,
      lastReportedAt: new Date(item.lastReportedAt).toISOString(),
      published: item.published,
    }));
  }

  @MessagePattern(Subjects.generation.adminGalleryWithdraw)
  withdraw(@Payload() request: AdminInfluencerDto): Promise<{ withdrawn: true }> {
    return this.influencerService.withdraw(request.influencerId);
  }
}
