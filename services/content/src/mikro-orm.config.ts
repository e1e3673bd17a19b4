import { createOrmConfig } from '@lipcast/nest-kit';
import { Migration20261122000000 } from './migrations/Migration20261122000000';
import { BlogPostEntity } from './posts/blog-post.entity';

export const ormConfig = (databaseUrl: string) =>
  createOrmConfig({
    schema: 'content',
    databaseUrl,
    entities: [BlogPostEntity],
    migrations: [{ name: 'Migration20261122000000', class: Migration20261122000000 }],
  });
