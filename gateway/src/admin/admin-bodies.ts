import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDateString, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { JOB_KINDS, JOB_STATUSES, type AdminJobFilter, type JobKind, type JobStatus } from '@lipcast/contracts';

// The operator console's queries, which the gateway turns into its requests (a job filter's user into
// user ids) or answers itself (the audit log). Its bodies are in @lipcast/nest-kit/requests.

export class AdminJobFilterQuery implements AdminJobFilter {
  @ApiPropertyOptional({ enum: JOB_STATUSES }) @IsOptional() @IsIn(JOB_STATUSES, { message: `status must be one of ${JOB_STATUSES.join(', ')}` }) status?: JobStatus;
  @ApiPropertyOptional({ enum: JOB_KINDS }) @IsOptional() @IsIn(JOB_KINDS, { message: `kind must be one of ${JOB_KINDS.join(', ')}` }) kind?: JobKind;
  @ApiPropertyOptional({ description: 'a user id, or part of a username or e-mail' }) @IsOptional() @IsString() @MaxLength(320) user?: string;
  @ApiPropertyOptional({ enum: ['below-threshold'], description: 'only jobs whose video was delivered outside the lip-sync limits' })
  @IsOptional() @IsIn(['below-threshold'], { message: 'lipSync must be below-threshold' }) lipSync?: 'below-threshold';
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
