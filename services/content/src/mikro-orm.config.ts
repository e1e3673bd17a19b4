import { createOrmConfig } from '@lipcast/nest-kit';
import { Migration20261122000000 } from './migrations/Migration20261122000000';
import { Migration20261123000000 } from './migrations/Migration20261123000000';
import { NewsletterSubscriberEntity } from './newsletter/newsletter-subscriber.entity';
import { BlogPostEntity } from './posts/blog-post.entity';

export const ormConfig = (databaseUrl: string) =>
  createOrmConfig({
    schema: 'content',
    databaseUrl,
    entities: [BlogPostEntity, NewsletterSubscriberEntity],
    migrations: [
      { name: 'Migration20261122000000', class: Migration20261122000000 },
      { name: 'Migration20261123000000', class: Migration20261123000000 },
    ],
  });
