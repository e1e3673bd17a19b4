import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Subjects, type ListPostsResponse } from '@lipcast/contracts';
import { ListPostsDto } from './list-posts.dto';
import { PostsService } from './posts.service';

@Controller()
export class PostsController {
  constructor(private readonly posts: PostsService) {}

  @MessagePattern(Subjects.content.postsList)
  list(@Payload() query: ListPostsDto): Promise<ListPostsResponse> {
    return this.posts.list(query);
  }
}
