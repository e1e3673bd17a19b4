import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Subjects, type AdminPost, type AdminPostList } from '@lipcast/contracts';
import { Handles } from '@lipcast/nest-kit';
import { AdminPostDto, AdminPostUpdateDto } from '@lipcast/nest-kit/requests';
import { AdminPostIdDto } from './admin-post.dto';
import { AdminPostsService } from './admin-posts.service';

/** The operator console's blog requests (the gateway lets only operators send them, and audits each write). */
@Controller()
export class AdminPostsController {
  constructor(private readonly posts: AdminPostsService) {}

  @Handles(Subjects.content.adminPostsList)
  list(): Promise<AdminPostList> {
    return this.posts.list();
  }

  @Handles(Subjects.content.adminPostGet)
  get(@Payload() request: AdminPostIdDto): Promise<AdminPost> {
    return this.posts.get(request.id);
  }

  @Handles(Subjects.content.adminPostCreate)
  create(@Payload() request: AdminPostDto): Promise<AdminPost> {
    return this.posts.create(request);
  }

  @Handles(Subjects.content.adminPostUpdate)
  update(@Payload() request: AdminPostUpdateDto): Promise<AdminPost> {
    const { id, ...body } = request;
    return this.posts.update(id, body);
  }
}
