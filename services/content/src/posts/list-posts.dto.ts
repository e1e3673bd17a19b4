import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import { POSTS_MAX_PAGE, type ListPostsRequest } from '@lipcast/contracts';

export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 50;

export class ListPostsDto implements ListPostsRequest {
  @IsOptional()
  @IsBoolean()
  published?: boolean;

  @IsOptional()
  @IsInt()
  @Min(1)
  // Unbounded, (page - 1) * pageSize overflowed PostgreSQL's OFFSET (a 500).
  @Max(POSTS_MAX_PAGE, { message: `page must be ${POSTS_MAX_PAGE} or less` })
  page = 1;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  pageSize = DEFAULT_PAGE_SIZE;
}
