import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { BlogPost as BlogPostDto, ListPostsResponse } from '@lipcast/contracts';
import { BlogPostEntity, type BlogPost } from './blog-post.entity';
import type { ListPostsDto } from './list-posts.dto';

export function toBlogPostDto(post: BlogPost): BlogPostDto {
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    featuredImage: post.featuredImage ?? null,
    publishedAt: post.publishedAt ? post.publishedAt.toISOString() : null,
    createdAt: post.createdAt.toISOString(),
    author: post.author ?? null,
  };
}

@Injectable()
export class PostsService {
  constructor(private readonly em: EntityManager) {}

  /** Newest first; with `published`, only posts whose publication time has come. */
  async list(query: ListPostsDto): Promise<ListPostsResponse> {
    const where = query.published ? { publishedAt: { $ne: null, $lte: new Date() } } : {};
    const [posts, total] = await this.em.findAndCount(BlogPostEntity, where, {
      orderBy: [{ publishedAt: 'desc nulls last' }, { createdAt: 'desc' }, { id: 'desc' }],
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return { items: posts.map(toBlogPostDto), page: query.page, pageSize: query.pageSize, total };
  }
}
