import { Type } from 'class-transformer';
import { IsDateString, IsInt, IsOptional, IsString, Length, Matches, MaxLength, Min, ValidateIf } from 'class-validator';
import type { AdminPostBody } from '@lipcast/contracts';

/** A post as an operator writes it (`content.admin.post.create.v1`; the gateway validates the same shape). */
export class AdminPostDto implements AdminPostBody {
  @IsString() @Length(1, 200, { message: 'title must be 1 to 200 characters' }) title!: string;

  @IsString()
  @Length(1, 200, { message: 'slug must be 1 to 200 characters' })
  @Matches(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: 'slug must be lowercase letters and digits separated by single hyphens' })
  slug!: string;

  @IsString() @MaxLength(1000, { message: 'excerpt must be at most 1000 characters' }) excerpt!: string;
  @IsString() @MaxLength(100_000, { message: 'body must be at most 100000 characters' }) body!: string;
  @IsOptional() @ValidateIf((_post, value) => value !== null) @IsString() @MaxLength(500) featuredImage?: string | null;
  @IsOptional() @ValidateIf((_post, value) => value !== null) @IsString() @MaxLength(120) author?: string | null;

  /** Null: a draft; in the future: scheduled; else published. */
  @ValidateIf((_post, value) => value !== null)
  @IsDateString({ strict: true }, { message: 'publishedAt must be an ISO 8601 date-time or null' })
  publishedAt!: string | null;
}

export class AdminPostUpdateDto extends AdminPostDto {
  @Type(() => Number) @IsInt({ message: 'No such post' }) @Min(1, { message: 'No such post' }) id!: number;
}

export class AdminPostIdDto {
  @Type(() => Number) @IsInt({ message: 'No such post' }) @Min(1, { message: 'No such post' }) id!: number;
}
