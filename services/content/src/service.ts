import { defineService } from '@lipcast/nest-kit';
import { AdminPostsController } from './admin/admin-posts.controller';
import { AdminPostsService } from './admin/admin-posts.service';
import { ormConfig } from './mikro-orm.config';
import { NewsletterController } from './newsletter/newsletter.controller';
import { NewsletterService } from './newsletter/newsletter.service';
import { PostsController } from './posts/posts.controller';
import { PostsService } from './posts/posts.service';
import { RemoteRegistryController } from './remotes/remote-registry.controller';
import { RemoteRegistryService } from './remotes/remote-registry.service';

/** Blog posts, newsletter subscribers, and the registry of released remotes. */
export const contentService = defineService({
  name: 'content',
  ormConfig,
  controllers: [PostsController, NewsletterController, AdminPostsController, RemoteRegistryController],
  providers: [PostsService, NewsletterService, AdminPostsService, RemoteRegistryService],
});
