import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import type { ExpressionBuilder } from 'kysely';
import { ContentRepository, now, type ContentDatabase } from '../database';
import { BlogPostEntity, type BlogPost } from './blog-post.entity';

/** What a list shows of a post (everything but the body). */
const SUMMARY_COLUMNS = ['id', 'title', 'slug', 'excerpt', 'featuredImage', 'author', 'publishedAt', 'createdAt'] as const;

export type PostSummary = Pick<BlogPost, (typeof SUMMARY_COLUMNS)[number]>;

/** What an operator writes of a post. */
export type PostFields = Pick<BlogPost, 'title' | 'slug' | 'excerpt' | 'body' | 'featuredImage' | 'author' | 'publishedAt'>;

/** Published means a publication time that has come (on the database's clock); a draft or a scheduled post is not there yet for readers. */
const isPublished = (eb: ExpressionBuilder<ContentDatabase, 'blog_post'>) => eb.and([eb('publishedAt', 'is not', null), eb('publishedAt', '<=', now())]);

/** Blog posts: read by visitors (published ones only), written by operators through the unit of work. */
@Injectable()
export class PostsRepository extends ContentRepository {
  /**
   * One page, newest first, of the published posts (or every post, drafts too), and the total.
   * The page and the total come in a single round trip (`count(*) over ()`): the blog list is the hottest public read.
   */
  async page(options: { publishedOnly: boolean; page: number; pageSize: number }): Promise<{ posts: PostSummary[]; total: number }> {
    const posts = options.publishedOnly ? this.db.selectFrom('blog_post').where(isPublished) : this.db.selectFrom('blog_post');
    const rows = await posts
      .select((eb) => [...SUMMARY_COLUMNS, eb.fn.countAll<string>().over().as('total')])
      .orderBy('publishedAt', (order) => order.desc().nullsLast())
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize)
      .execute();
    // Past the last page there is no row to carry the total: count separately then only.
    const total = rows.length ? rows[0].total : (await posts.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow()).total;
    return { posts: rows, total: Number(total) };
  }

  /** One published post with its body; undefined for an unknown slug, a draft or a scheduled post. */
  findPublished(slug: string): Promise<(PostSummary & Pick<BlogPost, 'body'>) | undefined> {
    return this.db
      .selectFrom('blog_post')
      .select([...SUMMARY_COLUMNS, 'body'])
      .where('slug', '=', slug)
      .where(isPublished)
      .executeTakeFirst();
  }

  /** Every post (drafts and scheduled ones too), newest first, at most `limit`. */
  list(limit: number): Promise<BlogPost[]> {
    return this.em.find(BlogPostEntity, {}, { orderBy: { createdAt: 'desc', id: 'desc' }, limit });
  }

  find(id: number): Promise<BlogPost | null> {
    return this.em.findOne(BlogPostEntity, { id });
  }

  /** A new post; `slug-taken` when another post has the slug (the unique index decides, so two operators saving at once cannot both have it). */
  async insert(fields: PostFields): Promise<BlogPost | 'slug-taken'> {
    const post = this.em.create(BlogPostEntity, { ...fields, createdAt: new Date() });
    return (await this.flush()) ? post : 'slug-taken';
  }

  /** Saves the post with these fields; `slug-taken` as for `insert`. */
  async update(post: BlogPost, fields: PostFields): Promise<BlogPost | 'slug-taken'> {
    this.em.assign(post, fields);
    return (await this.flush()) ? post : 'slug-taken';
  }

  /** False when the unique index refused the slug. */
  private async flush(): Promise<boolean> {
    try {
      await this.em.flush();
      return true;
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return false;
      throw error;
    }
  }
}
