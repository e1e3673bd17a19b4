import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Subjects, type BlogPostDetail, type ListPostsResponse } from '@lipcast/contracts';
import { Handles } from '@lipcast/nest-kit';
import { ListPostsQuery } from '@lipcast/nest-kit/requests';
import { GetPostDto } from './get-post.dto';
import { PostsService } from './posts.service';

@Controller()
export class PostsController {
  constructor(private readonly posts: PostsService) {}

  @Handles(Subjects.content.postsList)
  list(@Payload() query: ListPostsQuery): Promise<ListPostsResponse> {
    return this.posts.list(query);
  }

  @Handles(Subjects.content.postsGet)
  get(@Payload() query: GetPostDto): Promise<BlogPostDetail> {
    return this.posts.getPublished(query.slug);
  }
}
