import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Equals, IsBoolean, IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength, MinLength, ValidateBy, ValidateIf } from 'class-validator';
import {
  LIKENESS_CONSENT_TEXT, MAX_APPEAL_LENGTH, MAX_INFLUENCER_NAME_LENGTH, MAX_REPORT_CONTACT_LENGTH, MEDIA_URL_MAX_LENGTH, PHOTO_CONSENT_MESSAGE, PublishMessages, REPORT_REASONS, VIDEO_PROMPT, type InfluencerAppealBody,
  type InfluencerAppealRequest, type InfluencerPublishRequest, type InfluencerReportBody, type InfluencerReportRequest, type InfluencerVideoRequest, type ReportReason,
  type UserInfluencerVideoRequest,
} from '@lipcast/contracts';
import { IsStoredId } from '../stored-id';
import { RequestDto } from './request-dto';

/*
 * The Creator's clip and what its owner and the gallery's visitors do with an influencer: each body
 * as the gateway takes it, and as the generation service takes it from NATS with the user and the
 * project of the path.
 */

const NO_SUCH_PROJECT = 'No such influencer project';
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
 * `POST /api/ai-influencer/video`: the upload route takes 14 MB bodies, so a long string that is not
 * an upload is refused before it is put on NATS, whose messages are far smaller. The gateway stores
 * an upload and passes its media URL on.
 */
export class InfluencerVideoDto extends RequestDto implements Omit<InfluencerVideoRequest, 'projectId'> {
  @ApiProperty({ description: 'an uploaded picture as a data: URL (JPEG, PNG or WebP, up to 10 MB), or the media URL of one of your images' })
  @IsString({ message: 'image is required' })
  @IsImageReference()
  image!: string;

  @ApiPropertyOptional({ maxLength: VIDEO_PROMPT.max })
  @IsOptional()
  @IsString({ message: 'prompt must be text' })
  @MaxLength(VIDEO_PROMPT.max, { message: VIDEO_PROMPT.messages.max })
  prompt?: string;

  /** Required with an upload, refused before the picture is stored; the generation service checks it again for a picture that starts a project. */
  @ApiPropertyOptional({ description: `required (true) with an uploaded picture: the creator confirms "${LIKENESS_CONSENT_TEXT}"` })
  @ValidateIf((body: InfluencerVideoDto) => typeof body.image === 'string' && body.image.startsWith('data:'))
  @Equals(true, { message: PHOTO_CONSENT_MESSAGE })
  consent?: boolean;
}

/** `generation.influencer.video.start.v1`: for the user, of a project's portrait (`?projectId=`) or of a new project's. */
export class UserInfluencerVideoDto extends InfluencerVideoDto implements UserInfluencerVideoRequest {
  @IsUUID() userId!: string;
  @IsOptional() @Type(() => Number) @IsStoredId(NO_SUCH_PROJECT) projectId?: number;
}

/** The owner's consent and the gallery's name, which publishing needs (the service checks both, on the owner's project). */
abstract class InfluencerConsentDto extends RequestDto {
  @ApiPropertyOptional({ description: 'the owner consents to showing this likeness publicly (required to publish)' })
  @IsOptional()
  @IsBoolean({ message: 'consent must be true or false' })
  consent?: boolean;

  @ApiPropertyOptional({ maxLength: MAX_INFLUENCER_NAME_LENGTH })
  @IsOptional()
  @IsString({ message: 'name must be text' })
  @MaxLength(MAX_INFLUENCER_NAME_LENGTH, { message: PublishMessages.longName })
  name?: string;
}

const APPROVED_MESSAGE = 'approved must be true or false';

/** `POST /api/ai-influencer/projects/{id}/approve` (the spec's route): `{approved: false}` withdraws; publishing (`approved` true, the default) needs `consent: true` and a `name`. */
export class ApproveInfluencerDto extends InfluencerConsentDto {
  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean({ message: APPROVED_MESSAGE })
  approved?: boolean;
}

/** `generation.influencer.approve.v1` (approve, publish and unpublish): the decision is always said. */
export class UserApproveInfluencerDto extends InfluencerConsentDto implements InfluencerPublishRequest {
  @IsBoolean({ message: APPROVED_MESSAGE }) approved!: boolean;
  @IsUUID() userId!: string;
  @Type(() => Number) @IsStoredId(NO_SUCH_PROJECT) projectId!: number;
}

/** Some text to show in the gallery, up to the longest name; one message saying what is wrong. */
const IsInfluencerName = () =>
  ValidateBy({
    name: 'isInfluencerName',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && value.trim().length > 0 && value.length <= MAX_INFLUENCER_NAME_LENGTH,
      defaultMessage: (args) => (typeof args?.value === 'string' && args.value.length > MAX_INFLUENCER_NAME_LENGTH ? PublishMessages.longName : PublishMessages.noName),
    },
  });

/** `POST /api/ai-influencer/projects/{id}/publish`: the owner's explicit consent and the name the gallery shows (passed on as an approval). */
export class PublishInfluencerDto extends RequestDto {
  @ApiProperty({ description: 'the owner consents to showing this likeness publicly (for an upload: rights to the image and the person\'s consent)' })
  @Equals(true, { message: PublishMessages.consent })
  consent!: true;

  @ApiProperty({ maxLength: MAX_INFLUENCER_NAME_LENGTH })
  @IsInfluencerName()
  name!: string;
}

const APPEAL_MESSAGE = 'Say why the decision should change.';

/** `POST /api/ai-influencer/projects/{id}/appeal`: the owner's one appeal of a review or removal. */
export class AppealInfluencerDto extends RequestDto implements InfluencerAppealBody {
  @ApiProperty({ maxLength: MAX_APPEAL_LENGTH, description: 'why the decision should change; operators read it' })
  @IsString({ message: APPEAL_MESSAGE })
  @Matches(/\S/, { message: APPEAL_MESSAGE })
  @MaxLength(MAX_APPEAL_LENGTH, { message: `An appeal cannot exceed ${MAX_APPEAL_LENGTH} characters.` })
  message!: string;
}

/** `generation.influencer.appeal.v1`. */
export class UserAppealInfluencerDto extends AppealInfluencerDto implements InfluencerAppealRequest {
  @IsUUID() userId!: string;
  @Type(() => Number) @IsStoredId(NO_SUCH_PROJECT) projectId!: number;
}

/** `POST /api/ai-influencer/gallery/{id}/report`: why, and optionally how to reach the reporter. */
export class ReportInfluencerDto extends RequestDto implements InfluencerReportBody {
  @ApiProperty({ enum: Object.keys(REPORT_REASONS) })
  @IsIn(Object.keys(REPORT_REASONS), { message: 'Please choose a reason.' })
  reason!: ReportReason;

  @ApiPropertyOptional({ maxLength: MAX_REPORT_CONTACT_LENGTH })
  @IsOptional()
  @IsString({ message: 'contact must be text' })
  @MaxLength(MAX_REPORT_CONTACT_LENGTH, { message: `Contact cannot exceed ${MAX_REPORT_CONTACT_LENGTH} characters.` })
  contact?: string;
}

/** `generation.gallery.report.v1`: the report of a gallery item, with who made it (a user id, or a digest of a signed-out address) and whether they are established. */
export class GalleryReportDto extends ReportInfluencerDto implements InfluencerReportRequest {
  @Type(() => Number) @IsStoredId('No such influencer in the gallery') projectId!: number;
  @IsString() @MinLength(1) @MaxLength(100) reporter!: string;
  @IsOptional() @IsBoolean() established?: boolean;
}
