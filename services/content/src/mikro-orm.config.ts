import { serviceOrmConfig } from '@lipcast/nest-kit';
import { Migration20261122000000 } from './migrations/Migration20261122000000';
import { Migration20261123000000 } from './migrations/Migration20261123000000';
import { Migration20261126000000 } from './migrations/Migration20261126000000';
import { Migration20261126100000 } from './migrations/Migration20261126100000';
import { Migration20261128120000 } from './migrations/Migration20261128120000';
import { MailPreferenceEntity, SentMailEntity } from './mail/mail.entity';
import { NewsletterIssueEntity } from './newsletter/newsletter-issue.entity';
import { NewsletterSubscriberEntity } from './newsletter/newsletter-subscriber.entity';
import { BlogPostEntity } from './posts/blog-post.entity';
import { RemoteReleaseEntity, RemoteVersionEntity } from './remotes/remote-release.entity';

/** The PostgreSQL schema that holds every content table. */
export const CONTENT_SCHEMA = 'content';

/** Every content table; the typed query builder (`contentDatabase`) is inferred from this list. */
export const contentEntities = [BlogPostEntity, NewsletterSubscriberEntity, RemoteVersionEntity, RemoteReleaseEntity, MailPreferenceEntity, SentMailEntity, NewsletterIssueEntity] as const;

export const ormConfig = serviceOrmConfig(CONTENT_SCHEMA, contentEntities, {
  Migration20261122000000,
  Migration20261123000000,
  Migration20261126000000,
  Migration20261126100000,
  Migration20261128120000,
});
