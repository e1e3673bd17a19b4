import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Subjects, type InfluencerImageResponse, type InfluencerProject, type JobState } from '@lipcast/contracts';
import { Handles } from '@lipcast/nest-kit';
import { Quotas } from '../jobs/quotas';
import { GalleryReportDto, UserAppealInfluencerDto, UserApproveInfluencerDto, UserInfluencerImageDto, UserInfluencerVideoDto } from '@lipcast/nest-kit/requests';
import { UserDto } from '../user.dto';
import { GalleryDto, ProjectDto } from './influencers.dto';
import { InfluencersService } from './influencers.service';

@Controller()
export class InfluencersController {
  constructor(
    private readonly influencers: InfluencersService,
    private readonly quotas: Quotas,
  ) {}

  @Handles(Subjects.generation.influencerImageCreate)
  async image(@Payload() request: UserInfluencerImageDto): Promise<InfluencerImageResponse> {
    // One of today's image previews, taken before the provider draws (One Shot's portrait is paid by its
    // credit and calls the service directly). A portrait the provider then fails still counts.
    await this.quotas.consume(request.userId, 'image');
    return this.influencers.createImage(request.userId, request.prompt.trim());
  }

  @Handles(Subjects.generation.influencerVideoStart)
  video(@Payload() request: UserInfluencerVideoDto): Promise<JobState> {
    return this.influencers.startVideo(request.userId, request);
  }

  @Handles(Subjects.generation.influencersList)
  list(@Payload() request: UserDto): Promise<InfluencerProject[]> {
    return this.influencers.list(request.userId);
  }

  @Handles(Subjects.generation.influencerGet)
  get(@Payload() request: ProjectDto): Promise<InfluencerProject> {
    return this.influencers.get(request.userId, request.projectId);
  }

  @Handles(Subjects.generation.influencerApprove)
  approve(@Payload() request: UserApproveInfluencerDto): Promise<InfluencerProject> {
    return this.influencers.approve(request.userId, request);
  }

  @Handles(Subjects.generation.influencerDelete)
  delete(@Payload() request: ProjectDto): Promise<{ deleted: true }> {
    return this.influencers.delete(request.userId, request.projectId);
  }

  @Handles(Subjects.generation.influencerAppeal)
  appeal(@Payload() request: UserAppealInfluencerDto): Promise<InfluencerProject> {
    return this.influencers.appeal(request.userId, request.projectId, request.message);
  }

  @Handles(Subjects.generation.galleryReport)
  report(@Payload() request: GalleryReportDto): Promise<{ reported: true }> {
    return this.influencers.report(request);
  }

  @Handles(Subjects.generation.galleryList)
  gallery(@Payload() request: GalleryDto): Promise<InfluencerProject[]> {
    return this.influencers.gallery(request.userId);
  }
}
