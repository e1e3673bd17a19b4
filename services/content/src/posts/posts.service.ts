import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ServiceError } from '@lipcast/nest-kit';
import type { BlogPost as BlogPostDto, BlogPostDetail, ListPostsResponse } from '@lipcast/contracts';
import type { ListPostsDto } from './list-posts.dto';

interface PostRow {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  featured_image: string | null;
  author: string | null;
  published_at: Date | null;
  created_at: Date;
  total: string;
}

type PostWithBodyRow = Omit<PostRow, 'total'> & { body: string };

/**
 * One page of posts and the total in a single round trip (`count(*) over()`): the blog list is
 * the hottest public read. Published means a publication time that has come.
 */
export const PAGE_SQL = `
  select id, title, slug, excerpt, featured_image, author, published_at, created_at, count(*) over() as total
  from content.blog_post
  where (not ?::boolean or (published_at is not null and published_at <= now()))
  order by published_at desc nulls last, created_at desc, id desc
  limit ? offset ?`;

const COUNT_SQL = `
  select count(*) as total from content.blog_post
  where (not ?::boolean or (published_at is not null and published_at <= now()))`;

/** A draft or a scheduled post is not there yet for readers: same answer as an unknown slug. */
const PUBLISHED_BY_SLUG_SQL = `
  select id, title, slug, excerpt, body, featured_image, author, published_at, created_at
  from content.blog_post
  where slug = ? and published_at is not null and published_at <= now()`;

function toBlogPostDto(row: Omit<PostRow, 'total'>): BlogPostDto {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    featuredImage: row.featured_image,
    publishedAt: row.published_at ? new Date(row.published_at).toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
    author: row.author,
  };
}

@Injectable()
export class PostsService {
  constructor(private readonly em: EntityManager) {}

  /** Newest first; only posts whose publication time has come, unless asked for `published: false` (drafts too). */
  async list(query: ListPostsDto): Promise<ListPostsResponse> {
    const published = query.published ?? true;
    const offset = (query.page - 1) * query.pageSize;
    const connection = this.em.getConnection();
    const rows = await connection.execute<PostRow[]>(PAGE_SQL, [published, query.pageSize, offset]);
    // Past the last page there is no row to carry the total: count separately then only.
    const total = rows.length ? Number(rows[0].total) : Number((await connection.execute<{ total: string }[]>(COUNT_SQL, [published]))[0].total);
    return { items: rows.map(toBlogPostDto), page: query.page, pageSize: query.pageSize, total };
  }

  /** One published post with its body; NOT_FOUND for an unknown slug, a draft or a scheduled post. */
  async getPublished(slug: string): Promise<BlogPostDetail> {
    const [row] = await this.em.getConnection().execute<PostWithBodyRow[]>(PUBLISHED_BY_SLUG_SQL, [slug]);
    if (!row) throw ServiceError.notFound('Blog post not found');
    return { ...toBlogPostDto(row), body: row.body };
  }
}
