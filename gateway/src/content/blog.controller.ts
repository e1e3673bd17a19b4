import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import type { Response } from 'express';
import { Subjects, type BlogPost, type ListPostsRequest, type ListPostsResponse } from '@lipcast/contracts';
import { ServiceClient } from '@lipcast/nest-kit';

export class ListPostsQuery implements ListPostsRequest {
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'published must be true or false' })
  published?: boolean;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1, { message: 'page must be 1 or more' })
  page?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'pageSize must be a whole number' })
  @Min(1, { message: 'pageSize must be between 1 and 50' })
  @Max(50, { message: 'pageSize must be between 1 and 50' })
  pageSize?: number;
}

@ApiTags('blog')
@Controller('blog')
export class BlogController {
  constructor(private readonly services: ServiceClient) {}

  /** The posts as a list (the spec's shape); pagination in X-Total-Count, X-Page and X-Page-Size. */
  @Get('posts')
  async list(@Query() query: ListPostsQuery, @Res({ passthrough: true }) response: Response): Promise<BlogPost[]> {
    const page = await this.services.send<ListPostsResponse>(Subjects.content.postsList, query);
    response.setHeader('X-Total-Count', String(page.total));
    response.setHeader('X-Page', String(page.page));
    response.setHeader('X-Page-Size', String(page.pageSize));
    return page.items;
  }
}
