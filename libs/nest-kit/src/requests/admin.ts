import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDateString, IsIn, IsInt, IsOptional, IsString, IsUUID, Length, Matches, Max, MaxLength, Min, NotEquals, ValidateIf } from 'class-validator';
import {
  ADMIN_CREDIT_DELTA_LIMIT, ADMIN_POST_MAX_LENGTH, ADMIN_REASON_MAX_LENGTH, ADMIN_REASON_MIN_LENGTH, NEWSLETTER_BODY_MAX_LENGTH, NEWSLETTER_SUBJECT_MAX_LENGTH, STORED_ID_MAX,
  type AdminCreditAdjustmentBody, type AdminCreditAdjustmentRequest, type AdminModerationDecisionBody, type AdminModerationDecisionRequest, type AdminNewsletterIssueBody,
  type AdminNewsletterSendRequest, type AdminPostBody, type AdminPostUpdateRequest,
} from '@lipcast/contracts';
import { RequestDto, type FieldDoc } from './request-dto';

/*
 * The operator console's bodies (`/api/admin/*`: only operators send them, and the gateway audits
 * each write), as the gateway takes them and as the service that acts takes them, with the operator
 * or the item of the path.
 */

/** An operator's reason, which the user concerned reads (the gateway passes it on trimmed). */
const AdminReason = (doc: FieldDoc = {}) =>
  applyDecorators(
    ApiProperty({ maxLength: ADMIN_REASON_MAX_LENGTH, ...doc }),
    Length(ADMIN_REASON_MIN_LENGTH, ADMIN_REASON_MAX_LENGTH, { message: `reason must be ${ADMIN_REASON_MIN_LENGTH} to ${ADMIN_REASON_MAX_LENGTH} characters` }),
    Matches(/\S/, { message: 'reason is required' }),
    IsString({ message: 'reason is required' }),
  );

/** `POST /api/admin/gallery/{influencerId}/decision`: restore or remove, always with a reason. */
export class AdminModerationDecisionDto extends RequestDto implements AdminModerationDecisionBody {
  @ApiProperty({ enum: ['restore', 'remove'] })
  @IsIn(['restore', 'remove'], { message: 'decision must be restore or remove' })
  decision!: AdminModerationDecisionBody['decision'];

  @AdminReason({ description: "shown to the influencer's owner" })
  reason!: string;
}

const NO_SUCH_INFLUENCER = 'No such influencer project';

/** `generation.admin.gallery.decide.v1`. */
export class AdminModerationDecisionRequestDto extends AdminModerationDecisionDto implements AdminModerationDecisionRequest {
  @Type(() => Number) @IsInt({ message: NO_SUCH_INFLUENCER }) @Min(1, { message: NO_SUCH_INFLUENCER }) @Max(STORED_ID_MAX, { message: NO_SUCH_INFLUENCER }) influencerId!: number;
}

const DELTA_RANGE = `delta must be between -${ADMIN_CREDIT_DELTA_LIMIT} and ${ADMIN_CREDIT_DELTA_LIMIT}`;

/** `POST /api/admin/users/{id}/credits`: extra generations given or taken back, with the reason. */
export class AdminCreditAdjustmentDto extends RequestDto implements AdminCreditAdjustmentBody {
  @ApiProperty({ description: 'extra generations given (positive) or taken back (negative)', minimum: -ADMIN_CREDIT_DELTA_LIMIT, maximum: ADMIN_CREDIT_DELTA_LIMIT })
  @IsInt({ message: 'delta must be a whole number of generations' })
  @NotEquals(0, { message: 'delta must not be 0' })
  @Min(-ADMIN_CREDIT_DELTA_LIMIT, { message: DELTA_RANGE })
  @Max(ADMIN_CREDIT_DELTA_LIMIT, { message: DELTA_RANGE })
  delta!: number;

  @AdminReason()
  reason!: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @Length(1, 100) jobId?: string;
}

/** `billing.admin.credits.adjust.v1`: for the user of the path, by the operator. */
export class AdminCreditAdjustmentRequestDto extends AdminCreditAdjustmentDto implements AdminCreditAdjustmentRequest {
  @IsUUID() userId!: string;
  @IsUUID() operatorId!: string;
  @IsString() @Length(1, 200) operatorName!: string;
}

const POST = ADMIN_POST_MAX_LENGTH;

/** `POST /api/admin/posts` and `PUT /api/admin/posts/{id}` (`content.admin.post.create.v1` as it is). */
export class AdminPostDto extends RequestDto implements AdminPostBody {
  @ApiProperty() @IsString({ message: 'title is required' }) @Length(1, POST.title, { message: `title must be 1 to ${POST.title} characters` }) title!: string;

  @ApiProperty({ example: 'how-to-lip-sync' })
  @IsString({ message: 'slug is required' })
  @Length(1, POST.slug, { message: `slug must be 1 to ${POST.slug} characters` })
  @Matches(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: 'slug must be lowercase letters and digits separated by single hyphens' })
  slug!: string;

  @ApiProperty() @IsString({ message: 'excerpt is required' }) @MaxLength(POST.excerpt, { message: `excerpt must be at most ${POST.excerpt} characters` }) excerpt!: string;
  @ApiProperty() @IsString({ message: 'body is required' }) @MaxLength(POST.body, { message: `body must be at most ${POST.body} characters` }) body!: string;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @ValidateIf((_post, value) => value !== null) @IsString() @MaxLength(POST.featuredImage) featuredImage?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @ValidateIf((_post, value) => value !== null) @IsString() @MaxLength(POST.author) author?: string | null;

  @ApiProperty({ nullable: true, description: 'null: a draft; in the future: scheduled; else published' })
  @ValidateIf((_post, value) => value !== null)
  @IsDateString({ strict: true }, { message: 'publishedAt must be an ISO 8601 date-time or null' })
  publishedAt!: string | null;
}

/** `content.admin.post.update.v1`: the post of the path. */
export class AdminPostUpdateDto extends AdminPostDto implements AdminPostUpdateRequest {
  @Type(() => Number) @IsInt({ message: 'No such post' }) @Min(1, { message: 'No such post' }) id!: number;
}

/** `POST /api/admin/newsletter/issues`: an issue as the operator writes it (the gateway passes the subject on trimmed). */
export class AdminNewsletterIssueDto extends RequestDto implements AdminNewsletterIssueBody {
  @ApiProperty({ minLength: 1, maxLength: NEWSLETTER_SUBJECT_MAX_LENGTH })
  @IsString({ message: 'subject is required' })
  @Matches(/\S/, { message: 'subject is required' })
  @Length(1, NEWSLETTER_SUBJECT_MAX_LENGTH, { message: `subject must be 1 to ${NEWSLETTER_SUBJECT_MAX_LENGTH} characters` })
  subject!: string;

  @ApiProperty({ minLength: 1, maxLength: NEWSLETTER_BODY_MAX_LENGTH, description: 'plain text: paragraphs separated by blank lines' })
  @IsString({ message: 'body is required' })
  @Matches(/\S/, { message: 'body is required' })
  @Length(1, NEWSLETTER_BODY_MAX_LENGTH, { message: `body must be 1 to ${NEWSLETTER_BODY_MAX_LENGTH} characters` })
  body!: string;
}

/** `content.admin.newsletter.issues.send.v1`: the issue, by the operator. */
export class AdminNewsletterSendDto extends AdminNewsletterIssueDto implements AdminNewsletterSendRequest {
  @IsUUID() operatorId!: string;
  @IsString() @Length(1, 200) operatorName!: string;
}
