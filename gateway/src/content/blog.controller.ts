import { Controller, Get, Param, Query, Res, UseInterceptors } from '@nestjs/common';
import { ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import type { Response } from 'express';
import { POSTS_MAX_PAGE, Subjects, type BlogPost, type BlogPostDetail, type GetPostRequest, type ListPostsRequest } from '@lipcast/contracts';
import { Public } from '../auth/signed-in.guard';
import { PublicReadCaching, PublicReads } from '../http/public-reads';

export class ListPostsQuery implements ListPostsRequest {
  @ApiPropertyOptional({ description: 'Accepted for the spec\'s `?published=true`; the public list holds only published posts whatever it says' })
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'published must be true or false' })
  published?: boolean;

  @ApiPropertyOptional({ minimum: 1, maximum: POSTS_MAX_PAGE, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1, { message: 'page must be 1 or more' })
  @Max(POSTS_MAX_PAGE, { message: `page must be ${POSTS_MAX_PAGE} or less` })
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 50, default: 12 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'pageSize must be a whole number' })
  @Min(1, { message: 'pageSize must be between 1 and 50' })
  @Max(50, { message: 'pageSize must be between 1 and 50' })
  pageSize?: number;
}

@ApiTags('blog')
@Public()
@UseInterceptors(PublicReadCaching)
@Controller('blog')
export class BlogController {
  constructor(private readonly reads: PublicReads) {}

  /**
   * The published posts as a list (the spec's shape); pagination in X-Total-Count, X-Page and
   * X-Page-Size. Drafts and scheduled posts are never public, so `published` is always true here.
   */
  @Get('posts')
  async list(@Query() query: ListPostsQuery, @Res({ passthrough: true }) response: Response): Promise<BlogPost[]> {
    const request: ListPostsRequest = { page: query.page, pageSize: query.pageSize, published: true };
    const page = await this.reads.send(Subjects.content.postsList, request);
    response.setHeader('X-Total-Count', String(page.total));
    response.setHeader('X-Page', String(page.page));
    response.setHeader('X-Page-Size', String(page.pageSize));
    return page.items;
  }

  /** One published post with its body; 404 for an unknown slug, a draft or a scheduled post. */
  @Get('posts/:slug')
  get(@Param('slug') slug: string): Promise<BlogPostDetail> {
    return this.reads.send(Subjects.content.postsGet, { slug } satisfies GetPostRequest);
  }
}
