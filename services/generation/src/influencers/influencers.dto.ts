import { Type } from 'class-transformer';
import { Equals, IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength, MinLength, ValidateIf } from 'class-validator';
import {
  MAX_APPEAL_LENGTH, MAX_INFLUENCER_NAME_LENGTH, MAX_REPORT_CONTACT_LENGTH, PORTRAIT_SIZE_TEXT, REPORT_REASONS, type InfluencerAppealRequest, type InfluencerImageRequest, type InfluencerPublishRequest, type InfluencerReportRequest, type InfluencerVideoRequest, type ReportReason, type UserInfluencerRequest,
} from '@lipcast/contracts';
import { IsStoredId } from '@lipcast/nest-kit';

// The requests of the influencer and gallery subjects (the gateway adds the signed-in user's id); the service's ValidationPipe checks them.

export class ImageDto implements InfluencerImageRequest {
  @IsUUID() userId!: string;

  @IsString({ message: 'Prompt must be at least 5 characters.' })
  @MinLength(5, { message: 'Prompt must be at least 5 characters.' })
  @MaxLength(1000, { message: 'Prompt cannot exceed 1000 characters.' })
  prompt!: string;

  @IsOptional()
  @Equals(PORTRAIT_SIZE_TEXT, { message: `size must be ${PORTRAIT_SIZE_TEXT}` })
  size?: string;
}

export class VideoDto implements InfluencerVideoRequest {
  @IsUUID() userId!: string;
  @IsString({ message: 'image is required' }) @MaxLength(2000) image!: string;
  @IsOptional() @IsString() @MaxLength(1000, { message: 'Prompt cannot exceed 1000 characters.' }) prompt?: string;
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
