import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, Equals, IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength, ValidateBy } from 'class-validator';
import {
  MAX_APPEAL_LENGTH, MAX_INFLUENCER_NAME_LENGTH, MAX_REPORT_CONTACT_LENGTH, ONE_SHOT_SCRIPT_MAX_CHARACTERS, PORTRAIT_SIZE_TEXT, REPORT_REASONS,
  type InfluencerAppealBody, type InfluencerImageRequest, type InfluencerReportBody, type InfluencerVideoRequest, type PipelineRequest, type ReportReason, type VideoFormatId, type CaptionsChoice,
} from '@lipcast/contracts';
import { CaptionsField, VideoFormatField } from './video-options.dto';

/** Longest media URL the generation service takes for an image (its own rule; a data: URL is an upload instead). */
export const MAX_IMAGE_URL_LENGTH = 2000;
/** Longest clip prompt the generation service takes. */
export const MAX_VIDEO_PROMPT_LENGTH = 1000;

const IMAGE_MESSAGE = 'image must be an uploaded picture (a data: URL) or one of your images';

/** An upload (`data:`, bounded by the route's body size limit) or a media URL of normal length. */
const IsImageReference = () =>
  ValidateBy({
    name: 'isImageReference',
    validator: {
      // Not a string at all is @IsString's to say.
      validate: (value: unknown) => typeof value !== 'string' || value.startsWith('data:') || value.length <= MAX_IMAGE_URL_LENGTH,
      defaultMessage: () => IMAGE_MESSAGE,
    },
  });

/**
 * `POST /api/ai-influencer/image`, passed on to the generation service, which validates it (one rule,
 * one place): `@Allow()` lets the ValidationPipe keep the field and drop every other.
 */
export class InfluencerImageDto implements InfluencerImageRequest {
  @ApiProperty({ minLength: 5, maxLength: 1000, description: 'who to draw' })
  @Allow()
  prompt!: string;

  @ApiPropertyOptional({ enum: [PORTRAIT_SIZE_TEXT] })
  @Allow()
  size?: string;
}

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

  @ApiPropertyOptional({ maxLength: MAX_VIDEO_PROMPT_LENGTH })
  @IsOptional()
  @IsString({ message: 'prompt must be text' })
  @MaxLength(MAX_VIDEO_PROMPT_LENGTH, { message: 'Prompt cannot exceed 1000 characters.' })
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

/**
 * `POST /api/ai-influencer/pipeline` (One Shot), passed on to the generation service, which validates
 * it with spec section 5's rules and messages: `@Allow()` keeps these fields and drops every other.
 */
export class PipelineRequestDto implements PipelineRequest {
  @ApiProperty({ minLength: 10, maxLength: 1000, description: 'who the influencer is' })
  @Allow()
  influencerDescription!: string;

  @ApiPropertyOptional({ enum: ['male', 'female'] })
  @Allow()
  gender?: 'male' | 'female';

  @ApiProperty({ minLength: 10, maxLength: 1000, description: 'what the influencer talks about' })
  @Allow()
  scriptTopic!: string;

  @ApiPropertyOptional({ maxLength: ONE_SHOT_SCRIPT_MAX_CHARACTERS, description: 'the script as the creator edited it; without it the run writes one from the topic' })
  @Allow()
  script?: string;

  @VideoFormatField()
  format?: VideoFormatId;

  @CaptionsField()
  captions?: CaptionsChoice;
}
