import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import type { ListPostsRequest } from '@lipcast/contracts';

export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 50;

export class ListPostsDto implements ListPostsRequest {
  @IsOptional()
  @IsBoolean()
  published?: boolean;

  @IsOptional()
  @IsInt()
  @Min(1)
  page = 1;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  pageSize = DEFAULT_PAGE_SIZE;
}
