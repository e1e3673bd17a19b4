import { Injectable } from '@nestjs/common';
import { ServiceError } from '@lipcast/nest-kit';
import type { BlogPost as BlogPostDto, BlogPostDetail, ListPostsResponse } from '@lipcast/contracts';
import type { ListPostsQuery } from '@lipcast/nest-kit/requests';
import { PostsRepository, type PostSummary } from './posts.repository';

export function toBlogPostDto(post: PostSummary): BlogPostDto {
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
  constructor(private readonly posts: PostsRepository) {}

  /** Newest first; only posts whose publication time has come, unless asked for `published: false` (drafts too). */
  async list(query: ListPostsQuery): Promise<ListPostsResponse> {
    const { posts, total } = await this.posts.page({ publishedOnly: query.published ?? true, page: query.page, pageSize: query.pageSize });
    return { items: posts.map(toBlogPostDto), page: query.page, pageSize: query.pageSize, total };
  }

  /** One published post with its body; NOT_FOUND for an unknown slug, a draft or a scheduled post. */
  async getPublished(slug: string): Promise<BlogPostDetail> {
    const post = await this.posts.findPublished(slug);
    if (!post) throw ServiceError.notFound('Blog post not found');
    return { ...toBlogPostDto(post), body: post.body };
  }
}
