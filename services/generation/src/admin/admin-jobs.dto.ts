import { Type } from 'class-transformer';
import { ArrayMaxSize, IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { JOB_KINDS, JOB_STATUSES, type JobKind, type JobStatus } from '@lipcast/contracts';

/** `generation.admin.jobs.list.v1`: the gateway has already turned a user fragment into user ids. */
export class AdminJobListDto {
  @IsOptional() @IsIn(JOB_STATUSES, { message: `status must be one of ${JOB_STATUSES.join(', ')}` }) status?: JobStatus;
  @IsOptional() @IsIn(JOB_KINDS, { message: `kind must be one of ${JOB_KINDS.join(', ')}` }) kind?: JobKind;
  @IsOptional() @ArrayMaxSize(100) @IsUUID('all', { each: true }) userIds?: string[];
  @IsOptional() @IsIn(['below-threshold'], { message: 'lipSync must be below-threshold' }) lipSync?: 'below-threshold';
  @IsOptional() @IsString() @MaxLength(200) cursor?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) limit?: number;
}

export class AdminJobDto {
  @IsUUID('all', { message: 'No such generation' }) jobId!: string;
}
