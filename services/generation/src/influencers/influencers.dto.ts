import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength, MinLength, ValidateIf } from 'class-validator';
import {
  MAX_APPEAL_LENGTH, MAX_INFLUENCER_NAME_LENGTH, MAX_REPORT_CONTACT_LENGTH, MEDIA_URL_MAX_LENGTH, REPORT_REASONS, VIDEO_PROMPT, type InfluencerAppealRequest, type InfluencerPublishRequest, type InfluencerReportRequest, type InfluencerVideoRequest, type ReportReason, type UserInfluencerRequest,
} from '@lipcast/contracts';
import { IsStoredId } from '@lipcast/nest-kit';

// The requests of the influencer and gallery subjects (the gateway adds the signed-in user's id); the service's ValidationPipe checks them.
// The portrait's is `UserInfluencerImageDto` (@lipcast/nest-kit/requests), which the gateway checks too.

export class VideoDto implements InfluencerVideoRequest {
  @IsUUID() userId!: string;
  @IsString({ message: 'image is required' }) @MaxLength(MEDIA_URL_MAX_LENGTH) image!: string;
  @IsOptional() @IsString() @MaxLength(VIDEO_PROMPT.max, { message: VIDEO_PROMPT.messages.max }) prompt?: string;
  @IsOptional() @Type(() => Number) @IsStoredId('No such influencer project') projectId?: number;
}

export class ProjectDto implements UserInfluencerRequest {
  @IsUUID() userId!: string;
  @Type(() => Number) @IsStoredId('No such influencer project') projectId!: number;
}

export class ApproveDto extends ProjectDto implements InfluencerPublishRequest {
  @IsBoolean({ message: 'approved must be true or false' }) approved!: boolean;
  @IsOptional() @IsBoolean({ message: 'consent must be true or false' }) consent?: boolean;
  @IsOptional()
  @IsString({ message: 'name must be text' })
  @MaxLength(MAX_INFLUENCER_NAME_LENGTH, { message: `Name cannot exceed ${MAX_INFLUENCER_NAME_LENGTH} characters.` })
  name?: string;
}

export class ReportDto implements InfluencerReportRequest {
  @Type(() => Number) @IsStoredId('No such influencer in the gallery') projectId!: number;
  @IsString() @MinLength(1) @MaxLength(100) reporter!: string;
  @IsIn(Object.keys(REPORT_REASONS), { message: 'Please choose a reason.' }) reason!: ReportReason;
  @IsOptional() @IsString({ message: 'contact must be text' }) @MaxLength(MAX_REPORT_CONTACT_LENGTH, { message: `Contact cannot exceed ${MAX_REPORT_CONTACT_LENGTH} characters.` }) contact?: string;
  @IsOptional() @IsBoolean() established?: boolean;
}

export class AppealDto extends ProjectDto implements InfluencerAppealRequest {
  @IsString({ message: 'Say why the decision should change.' })
  @IsNotEmpty({ message: 'Say why the decision should change.' })
  @MaxLength(MAX_APPEAL_LENGTH, { message: `An appeal cannot exceed ${MAX_APPEAL_LENGTH} characters.` })
  message!: string;
}

export class ListDto {
  @IsUUID() userId!: string;
}

export class GalleryDto {
  @ValidateIf((_, value) => value !== null) @IsUUID() userId!: string | null;
}
