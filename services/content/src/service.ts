import { defineService } from '@lipcast/nest-kit';
import { ormConfig } from './mikro-orm.config';
import { PostsController } from './posts/posts.controller';
import { PostsService } from './posts/posts.service';

/** Blog posts and newsletter subscribers. */
export const contentService = defineService({ name: 'content', ormConfig, controllers: [PostsController], providers: [PostsService] });
