import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Subjects, type BlogPostDetail, type ListPostsResponse } from '@lipcast/contracts';
import { GetPostDto } from './get-post.dto';
import { ListPostsDto } from './list-posts.dto';
import { PostsService } from './posts.service';

@Controller()
export class PostsController {
  constructor(private readonly posts: PostsService) {}

  @MessagePattern(Subjects.content.postsList)
  list(@Payload() query: ListPostsDto): Promise<ListPostsResponse> {
    return this.posts.list(query);
  }

  @MessagePattern(Subjects.content.postsGet)
  get(@Payload() query: GetPostDto): Promise<BlogPostDetail> {
    return this.posts.getPublished(query.slug);
  }
}
