import { defineService } from '@lipcast/nest-kit';
import { AdminPostsController } from './admin/admin-posts.controller';
import { AdminPostsService } from './admin/admin-posts.service';
import { ormConfig } from './mikro-orm.config';
import { NewsletterController } from './newsletter/newsletter.controller';
import { NewsletterService } from './newsletter/newsletter.service';
import { PostsController } from './posts/posts.controller';
import { PostsService } from './posts/posts.service';

/** Blog posts and newsletter subscribers. */
export const contentService = defineService({
  name: 'content',
  ormConfig,
  controllers: [PostsController, NewsletterController, AdminPostsController],
  providers: [PostsService, NewsletterService, AdminPostsService],
});
