import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ExpressionBuilder } from 'kysely';
import { ServiceError } from '@lipcast/nest-kit';
import type { BlogPost as BlogPostDto, BlogPostDetail, ListPostsResponse } from '@lipcast/contracts';
import { contentDatabase, now, type ContentDatabase } from '../database';
import type { BlogPost } from './blog-post.entity';
import type { ListPostsDto } from './list-posts.dto';

/** What a list shows of a post (everything but the body). */
const SUMMARY_COLUMNS = ['id', 'title', 'slug', 'excerpt', 'featuredImage', 'author', 'publishedAt', 'createdAt'] as const;

type PostSummary = Pick<BlogPost, (typeof SUMMARY_COLUMNS)[number]>;

/** Published means a publication time that has come; a draft or a scheduled post is not there yet for readers. */
const isPublished = (eb: ExpressionBuilder<ContentDatabase, 'blog_post'>) => eb.and([eb('publishedAt', 'is not', null), eb('publishedAt', '<=', now())]);

function toBlogPostDto(post: PostSummary): BlogPostDto {
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

  /**
   * Newest first; only posts whose publication time has come, unless asked for `published: false` (drafts too).
   * One page and the total in a single round trip (`count(*) over ()`): the blog list is the hottest public read.
   */
  async list(query: ListPostsDto): Promise<ListPostsResponse> {
    const db = contentDatabase(this.em);
    const posts = (query.published ?? true) ? db.selectFrom('blog_post').where(isPublished) : db.selectFrom('blog_post');
    const rows = await posts
      .select((eb) => [...SUMMARY_COLUMNS, eb.fn.countAll<string>().over().as('total')])
      .orderBy('publishedAt', (order) => order.desc().nullsLast())
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute();
    // Past the last page there is no row to carry the total: count separately then only.
    const total = rows.length ? rows[0].total : (await posts.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow()).total;
    return { items: rows.map(toBlogPostDto), page: query.page, pageSize: query.pageSize, total: Number(total) };
  }

  /** One published post with its body; NOT_FOUND for an unknown slug, a draft or a scheduled post. */
  async getPublished(slug: string): Promise<BlogPostDetail> {
    const post = await contentDatabase(this.em)
      .selectFrom('blog_post')
      .select([...SUMMARY_COLUMNS, 'body'])
      .where('slug', '=', slug)
      .where(isPublished)
      .executeTakeFirst();
    if (!post) throw ServiceError.notFound('Blog post not found');
    return { ...toBlogPostDto(post), body: post.body };
  }
}
