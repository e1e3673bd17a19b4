import { Injectable } from '@nestjs/common';
import { ErrorCode, type AdminPost, type AdminPostList } from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';
import type { BlogPost } from '../posts/blog-post.entity';
import { PostsRepository, type PostFields } from '../posts/posts.repository';
import { toBlogPostDto } from '../posts/posts.service';
import type { AdminPostDto } from '@lipcast/nest-kit/requests';

const ADMIN_LIST_LIMIT = 500;

/** Published means a publication time that has come (the public list's rule, `isPublished` in posts.repository.ts). */
function statusOf(post: BlogPost, now = new Date()): AdminPost['status'] {
  if (!post.publishedAt) return 'draft';
  return post.publishedAt > now ? 'scheduled' : 'published';
}

const toAdminPost = (post: BlogPost): AdminPost => ({ ...toBlogPostDto(post), body: post.body, status: statusOf(post) });

/** Blog posts as operators write them: drafts, scheduled and published, created and edited without SQL. */
@Injectable()
export class AdminPostsService {
  constructor(private readonly posts: PostsRepository) {}

  async list(): Promise<AdminPostList> {
    const posts = await this.posts.list(ADMIN_LIST_LIMIT);
    return { posts: posts.map((post) => ({ ...toBlogPostDto(post), status: statusOf(post) })) };
  }

  async get(id: number): Promise<AdminPost> {
    return toAdminPost(await this.find(id));
  }

  async create(body: AdminPostDto): Promise<AdminPost> {
    return toAdminPost(this.saved(await this.posts.insert(this.fields(body)), body.slug));
  }

  async update(id: number, body: AdminPostDto): Promise<AdminPost> {
    const post = await this.find(id);
    return toAdminPost(this.saved(await this.posts.update(post, this.fields(body)), body.slug));
  }

  private fields(body: AdminPostDto): PostFields {
    return {
      title: body.title.trim(),
      slug: body.slug,
      excerpt: body.excerpt,
      body: body.body,
      featuredImage: body.featuredImage ?? null,
      author: body.author ?? null,
      publishedAt: body.publishedAt === null ? null : new Date(body.publishedAt),
    };
  }

  private async find(id: number): Promise<BlogPost> {
    const post = await this.posts.find(id);
    if (!post) throw ServiceError.notFound('No such post');
    return post;
  }

  /** The unique index decides (two operators saving the same slug at once): 409 with a message that says which. */
  private saved(post: BlogPost | 'slug-taken', slug: string): BlogPost {
    if (post === 'slug-taken') throw new ServiceError(ErrorCode.Conflict, `A post with the slug "${slug}" already exists; choose another slug.`, { field: 'slug' });
    return post;
  }
}
