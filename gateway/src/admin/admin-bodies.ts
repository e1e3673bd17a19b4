import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDateString, IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, MaxLength, Min, NotEquals, ValidateIf } from 'class-validator';
import {
  ADMIN_CREDIT_DELTA_LIMIT, ADMIN_REASON_MAX_LENGTH, type AdminModerationDecisionBody, NEWSLETTER_BODY_MAX_LENGTH, NEWSLETTER_SUBJECT_MAX_LENGTH, type AdminCreditAdjustmentBody, type AdminJobFilter,
  type AdminNewsletterIssueBody, type AdminPostBody, type JobKind, type JobStatus,
} from '@lipcast/contracts';

const JOB_STATUSES: JobStatus[] = ['queued', 'running', 'succeeded', 'failed', 'canceled'];
const JOB_KINDS: JobKind[] = ['lipsync', 'image_to_video', 'one_shot'];

export class AdminJobFilterQuery implements AdminJobFilter {
  @ApiPropertyOptional({ enum: JOB_STATUSES }) @IsOptional() @IsIn(JOB_STATUSES, { message: `status must be one of ${JOB_STATUSES.join(', ')}` }) status?: JobStatus;
  @ApiPropertyOptional({ enum: JOB_KINDS }) @IsOptional() @IsIn(JOB_KINDS, { message: `kind must be one of ${JOB_KINDS.join(', ')}` }) kind?: JobKind;
  @ApiPropertyOptional({ description: 'a user id, or part of a username or e-mail' }) @IsOptional() @IsString() @MaxLength(320) user?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) cursor?: string;
  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 50 })
  @IsOptional() @Type(() => Number) @IsInt({ message: 'limit must be a whole number' }) @Min(1, { message: 'limit must be between 1 and 100' }) @Max(100, { message: 'limit must be between 1 and 100' })
  limit?: number;
}

export class AdminUserQuery {
  @ApiPropertyOptional({ description: 'part of a username or e-mail, or a user id; empty lists the newest users' })
  @IsOptional() @IsString() @MaxLength(320, { message: 'query must be at most 320 characters' })
  query?: string;
}

export class AdminAuditQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: 200, default: 100 })
  @IsOptional() @Type(() => Number) @IsInt({ message: 'limit must be a whole number' }) @Min(1, { message: 'limit must be between 1 and 200' }) @Max(200, { message: 'limit must be between 1 and 200' })
  limit?: number;

  @ApiPropertyOptional({ description: 'an entry\'s `at`: the entries before it' })
  @IsOptional() @IsDateString({ strict: true }, { message: 'before must be an ISO 8601 date-time' })
  before?: string;
}

/** An operator's decision on a gallery item: always with a reason, which its owner reads. */
export class AdminModerationDecisionDto implements AdminModerationDecisionBody {
  @ApiProperty({ enum: ['restore', 'remove'] })
  @IsIn(['restore', 'remove'], { message: 'decision must be restore or remove' })
  decision!: AdminModerationDecisionBody['decision'];

  @ApiProperty({ maxLength: ADMIN_REASON_MAX_LENGTH, description: "shown to the influencer's owner" })
  @IsString({ message: 'reason is required' })
  @Matches(/\S/, { message: 'reason is required' })
  @Length(3, ADMIN_REASON_MAX_LENGTH, { message: `reason must be 3 to ${ADMIN_REASON_MAX_LENGTH} characters` })
  reason!: string;
}

export class AdminCreditAdjustmentDto implements AdminCreditAdjustmentBody {
  @ApiProperty({ description: 'extra generations given (positive) or taken back (negative)', minimum: -ADMIN_CREDIT_DELTA_LIMIT, maximum: ADMIN_CREDIT_DELTA_LIMIT })
  @IsInt({ message: 'delta must be a whole number of generations' })
  @NotEquals(0, { message: 'delta must not be 0' })
  @Min(-ADMIN_CREDIT_DELTA_LIMIT, { message: `delta must be between -${ADMIN_CREDIT_DELTA_LIMIT} and ${ADMIN_CREDIT_DELTA_LIMIT}` })
  @Max(ADMIN_CREDIT_DELTA_LIMIT, { message: `delta must be between -${ADMIN_CREDIT_DELTA_LIMIT} and ${ADMIN_CREDIT_DELTA_LIMIT}` })
  delta!: number;

  @ApiProperty({ maxLength: ADMIN_REASON_MAX_LENGTH })
  @IsString({ message: 'reason is required' })
  @Matches(/\S/, { message: 'reason is required' })
  @Length(3, ADMIN_REASON_MAX_LENGTH, { message: `reason must be 3 to ${ADMIN_REASON_MAX_LENGTH} characters` })
  reason!: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @Length(1, 100) jobId?: string;
}

export class AdminPostDto implements AdminPostBody {
  @ApiProperty() @IsString({ message: 'title is required' }) @Length(1, 200, { message: 'title must be 1 to 200 characters' }) title!: string;

  @ApiProperty({ example: 'how-to-lip-sync' })
  @IsString({ message: 'slug is required' })
  @Length(1, 200, { message: 'slug must be 1 to 200 characters' })
  @Matches(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: 'slug must be lowercase letters and digits separated by single hyphens' })
  slug!: string;

  @ApiProperty() @IsString({ message: 'excerpt is required' }) @MaxLength(1000, { message: 'excerpt must be at most 1000 characters' }) excerpt!: string;
  @ApiProperty() @IsString({ message: 'body is required' }) @MaxLength(100_000, { message: 'body must be at most 100000 characters' }) body!: string;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @ValidateIf((_post, value) => value !== null) @IsString() @MaxLength(500) featuredImage?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @ValidateIf((_post, value) => value !== null) @IsString() @MaxLength(120) author?: string | null;

  @ApiProperty({ nullable: true, description: 'null: a draft; in the future: scheduled; else published' })
  @ValidateIf((_post, value) => value !== null)
  @IsDateString({ strict: true }, { message: 'publishedAt must be an ISO 8601 date-time or null' })
  publishedAt!: string | null;
}

export class AdminNewsletterIssueDto implements AdminNewsletterIssueBody {
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
