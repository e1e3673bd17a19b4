import { Type } from 'class-transformer';
import { ArrayMaxSize, IsIn, IsInt, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import { ADMIN_REASON_MAX_LENGTH, STORED_ID_MAX, type AdminModerationDecisionRequest, type JobKind, type JobStatus } from '@lipcast/contracts';

export const JOB_KINDS: JobKind[] = ['lipsync', 'image_to_video', 'one_shot'];
export const JOB_STATUSES: JobStatus[] = ['queued', 'running', 'succeeded', 'failed', 'canceled'];
export const ADMIN_JOBS_MAX_LIMIT = 100;

/** `generation.admin.jobs.list.v1`: the gateway has already turned a user fragment into user ids. */
export class AdminJobListDto {
  @IsOptional() @IsIn(JOB_STATUSES, { message: `status must be one of ${JOB_STATUSES.join(', ')}` }) status?: JobStatus;
  @IsOptional() @IsIn(JOB_KINDS, { message: `kind must be one of ${JOB_KINDS.join(', ')}` }) kind?: JobKind;
  @IsOptional() @ArrayMaxSize(100) @IsUUID('all', { each: true }) userIds?: string[];
  @IsOptional() @IsString() @MaxLength(200) cursor?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(ADMIN_JOBS_MAX_LIMIT) limit?: number;
}

export class AdminJobDto {
  @IsUUID('all', { message: 'No such generation' }) jobId!: string;
}

export class AdminModerationDecisionDto implements AdminModerationDecisionRequest {
  @Type(() => Number) @IsInt({ message: 'No such influencer project' }) @Min(1, { message: 'No such influencer project' }) @Max(STORED_ID_MAX, { message: 'No such influencer project' }) influencerId!: number;
  @IsIn(['restore', 'remove'], { message: 'decision must be restore or remove' }) decision!: AdminModerationDecisionRequest['decision'];
  @IsString({ message: 'reason is required' })
  @Matches(/\S/, { message: 'reason is required' })
  @MaxLength(ADMIN_REASON_MAX_LENGTH, { message: `reason must be 3 to ${ADMIN_REASON_MAX_LENGTH} characters` })
  reason!: string;
}
