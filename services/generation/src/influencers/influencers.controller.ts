import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Type } from 'class-transformer';
import { Equals, IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUUID, MaxLength, MinLength, ValidateIf } from 'class-validator';
import {
  MAX_INFLUENCER_NAME_LENGTH, MAX_REPORT_CONTACT_LENGTH, REPORT_REASONS, Subjects, type InfluencerReportRequest, type ReportReason, type InfluencerImageRequest, type InfluencerPublishRequest, type InfluencerImageResponse, type InfluencerProject, type InfluencerVideoRequest, type JobState, type UserInfluencerRequest,
} from '@lipcast/contracts';
import { Quotas } from '../jobs/quotas';
import { InfluencersService } from './influencers.service';

class ImageDto implements InfluencerImageRequest {
  @IsUUID() userId!: string;

  @IsString({ message: 'Prompt must be at least 5 characters.' })
  @MinLength(5, { message: 'Prompt must be at least 5 characters.' })
  @MaxLength(1000, { message: 'Prompt cannot exceed 1000 characters.' })
  prompt!: string;

  @IsOptional()
  @Equals('640x720', { message: 'size must be 640x720' })
  size?: string;
}

class VideoDto implements InfluencerVideoRequest {
  @IsUUID() userId!: string;
  @IsString({ message: 'image is required' }) @MaxLength(2000) image!: string;
  @IsOptional() @IsString() @MaxLength(1000, { message: 'Prompt cannot exceed 1000 characters.' }) prompt?: string;
  @IsOptional() @Type(() => Number) @IsInt({ message: 'No such influencer project' }) projectId?: number;
}

class ProjectDto implements UserInfluencerRequest {
  @IsUUID() userId!: string;
  @Type(() => Number) @IsInt({ message: 'No such influencer project' }) projectId!: number;
}

class ApproveDto extends ProjectDto implements InfluencerPublishRequest {
  @IsBoolean({ message: 'approved must be true or false' }) approved!: boolean;
  @IsOptional() @IsBoolean({ message: 'consent must be true or false' }) consent?: boolean;
  @IsOptional()
  @IsString({ message: 'name must be text' })
  @MaxLength(MAX_INFLUENCER_NAME_LENGTH, { message: `Name cannot exceed ${MAX_INFLUENCER_NAME_LENGTH} characters.` })
  name?: string;
}

class ReportDto implements InfluencerReportRequest {
  @Type(() => Number) @IsInt({ message: 'No such influencer in the gallery' }) projectId!: number;
  @IsString() @MinLength(1) @MaxLength(100) reporter!: string;
  @IsIn(Object.keys(REPORT_REASONS), { message: 'Please choose a reason.' }) reason!: ReportReason;
  @IsOptional() @IsString({ message: 'contact must be text' }) @MaxLength(MAX_REPORT_CONTACT_LENGTH, { message: `Contact cannot exceed ${MAX_REPORT_CONTACT_LENGTH} characters.` }) contact?: string;
}

class ListDto {
  @IsUUID() userId!: string;
}

class GalleryDto {
  @ValidateIf((_, value) => value !== null) @IsUUID() userId!: string | null;
}

@Controller()
export class InfluencersController {
  constructor(
    private readonly influencers: InfluencersService,
    private readonly quotas: Quotas,
  ) {}

  @MessagePattern(Subjects.generation.influencerImageCreate)
  async image(@Payload() request: ImageDto): Promise<InfluencerImageResponse> {
    // One of today's image previews, taken before the provider draws (One Shot's portrait is paid by its
    // credit and calls the service directly). A portrait the provider then fails still counts.
    await this.quotas.consume(request.userId, 'image');
    return this.influencers.createImage(request.userId, request.prompt.trim());
  }

  @MessagePattern(Subjects.generation.influencerVideoStart)
  video(@Payload() request: VideoDto): Promise<JobState> {
    return this.influencers.startVideo(request.userId, request);
  }

  @MessagePattern(Subjects.generation.influencersList)
  list(@Payload() request: ListDto): Promise<InfluencerProject[]> {
    return this.influencers.list(request.userId);
  }

  @MessagePattern(Subjects.generation.influencerGet)
  get(@Payload() request: ProjectDto): Promise<InfluencerProject> {
    return this.influencers.get(request.userId, request.projectId);
  }

  @MessagePattern(Subjects.generation.influencerApprove)
  approve(@Payload() request: ApproveDto): Promise<InfluencerProject> {
    return this.influencers.approve(request.userId, request);
  }

  @MessagePattern(Subjects.generation.influencerDelete)
  delete(@Payload() request: ProjectDto): Promise<{ deleted: true }> {
    return this.influencers.delete(request.userId, request.projectId);
  }

  @MessagePattern(Subjects.generation.galleryReport)
  report(@Payload() request: ReportDto): Promise<{ reported: true }> {
    return this.influencers.report(request);
  }

  @MessagePattern(Subjects.generation.galleryList)
  gallery(@Payload() request: GalleryDto): Promise<InfluencerProject[]> {
    return this.influencers.gallery(request.userId);
  }
}
