import { Controller, Get, Param, Query, Res, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Subjects, type BlogPost, type BlogPostDetail, type GetPostRequest } from '@lipcast/contracts';
import { ListPostsQuery } from '@lipcast/nest-kit/requests';
import { Public } from '../auth/signed-in.guard';
import { PublicReadCaching, PublicReads } from '../http/public-reads';

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
    const page = await this.reads.send(Subjects.content.postsList, { page: query.page, pageSize: query.pageSize, published: true });
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
