import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Equals, IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength, ValidateBy } from 'class-validator';
import {
  MAX_APPEAL_LENGTH, MAX_INFLUENCER_NAME_LENGTH, MAX_REPORT_CONTACT_LENGTH, MEDIA_URL_MAX_LENGTH, REPORT_REASONS, VIDEO_PROMPT, type InfluencerAppealBody, type InfluencerReportBody,
  type InfluencerVideoRequest, type ReportReason,
} from '@lipcast/contracts';

const IMAGE_MESSAGE = 'image must be an uploaded picture (a data: URL) or one of your images';

/** An upload (`data:`, bounded by the route's body size limit) or a media URL the generation service takes (a data: URL is an upload instead). */
const IsImageReference = () =>
  ValidateBy({
    name: 'isImageReference',
    validator: {
      // Not a string at all is @IsString's to say.
      validate: (value: unknown) => typeof value !== 'string' || value.startsWith('data:') || value.length <= MEDIA_URL_MAX_LENGTH,
      defaultMessage: () => IMAGE_MESSAGE,
    },
  });

/**
 * `POST /api/ai-influencer/video`, checked here as well as in the generation service: the upload
 * route takes 14 MB bodies, and a long string that is not an upload must be refused before it is
 * put on NATS, whose messages are far smaller.
 */
export class InfluencerVideoDto implements Omit<InfluencerVideoRequest, 'projectId'> {
  @ApiProperty({ description: 'an uploaded picture as a data: URL (JPEG, PNG or WebP, up to 10 MB), or the media URL of one of your images' })
  @IsString({ message: 'image is required' })
  @IsImageReference()
  image!: string;

  @ApiPropertyOptional({ maxLength: VIDEO_PROMPT.max })
  @IsOptional()
  @IsString({ message: 'prompt must be text' })
  @MaxLength(VIDEO_PROMPT.max, { message: VIDEO_PROMPT.messages.max })
  prompt?: string;
}

/**
 * `POST /api/ai-influencer/check-image`: a picture chosen in the Creator, as the data: URL it would
 * upload with its clip (the route takes the same 14 MB bodies; the picture's own limits are checked after).
 */
export class CheckImageDto {
  @ApiProperty({ description: 'the chosen picture as a data: URL (JPEG, PNG or WebP, up to 10 MB)' })
  @IsString({ message: 'image is required' })
  @Matches(/^data:/, { message: 'image must be an uploaded picture (a data: URL)' })
  image!: string;
}

/** Some text to show in the gallery, up to the longest name; one message saying what is wrong. */
const IsInfluencerName = () =>
  ValidateBy({
    name: 'isInfluencerName',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && value.trim().length > 0 && value.length <= MAX_INFLUENCER_NAME_LENGTH,
      defaultMessage: (args) =>
        typeof args?.value === 'string' && args.value.length > MAX_INFLUENCER_NAME_LENGTH ? `Name cannot exceed ${MAX_INFLUENCER_NAME_LENGTH} characters.` : 'Give your influencer a name to publish it.',
    },
  });

/**
 * `POST /api/ai-influencer/projects/{id}/approve` (the spec's route): `{approved: false}` withdraws;
 * publishing (`approved` true, the default) needs `consent: true` and a `name`, which the generation service checks.
 */
export class ApproveInfluencerDto {
  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean({ message: 'approved must be true or false' })
  approved?: boolean;

  @ApiPropertyOptional({ description: 'the owner consents to showing this likeness publicly (required to publish)' })
  @IsOptional()
  @IsBoolean({ message: 'consent must be true or false' })
  consent?: boolean;

  @ApiPropertyOptional({ maxLength: MAX_INFLUENCER_NAME_LENGTH })
  @IsOptional()
  @IsString({ message: 'name must be text' })
  @MaxLength(MAX_INFLUENCER_NAME_LENGTH, { message: `Name cannot exceed ${MAX_INFLUENCER_NAME_LENGTH} characters.` })
  name?: string;
}

/** `POST /api/ai-influencer/projects/{id}/publish`: the owner's explicit consent and the name the gallery shows. */
export class PublishInfluencerDto {
  @ApiProperty({ description: 'the owner consents to showing this likeness publicly (for an upload: rights to the image and the person\'s consent)' })
  @Equals(true, { message: 'Publishing needs your consent: tick the box to confirm.' })
  consent!: true;

  @ApiProperty({ maxLength: MAX_INFLUENCER_NAME_LENGTH })
  @IsInfluencerName()
  name!: string;
}

/** `POST /api/ai-influencer/projects/{id}/appeal`: the owner's one appeal of a review or removal. */
export class AppealInfluencerDto implements InfluencerAppealBody {
  @ApiProperty({ maxLength: MAX_APPEAL_LENGTH, description: 'why the decision should change; operators read it' })
  @IsString({ message: 'Say why the decision should change.' })
  @Matches(/\S/, { message: 'Say why the decision should change.' })
  @MaxLength(MAX_APPEAL_LENGTH, { message: `An appeal cannot exceed ${MAX_APPEAL_LENGTH} characters.` })
  message!: string;
}

/** `POST /api/ai-influencer/gallery/{id}/report`: why, and optionally how to reach the reporter. */
export class ReportInfluencerDto implements InfluencerReportBody {
  @ApiProperty({ enum: Object.keys(REPORT_REASONS) })
  @IsIn(Object.keys(REPORT_REASONS), { message: 'Please choose a reason.' })
  reason!: ReportReason;

  @ApiPropertyOptional({ maxLength: MAX_REPORT_CONTACT_LENGTH })
  @IsOptional()
  @IsString({ message: 'contact must be text' })
  @MaxLength(MAX_REPORT_CONTACT_LENGTH, { message: `Contact cannot exceed ${MAX_REPORT_CONTACT_LENGTH} characters.` })
  contact?: string;
}
