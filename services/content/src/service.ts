import { defineService, ServiceClientModule } from '@lipcast/nest-kit';
import { AdminPostsController } from './admin/admin-posts.controller';
import { AdminPostsService } from './admin/admin-posts.service';
import { MailController } from './mail/mail.controller';
import { MailLinks } from './mail/mail-links';
import { MailRepository } from './mail/mail.repository';
import { MailService } from './mail/mail.service';
import { Mailer } from './mail/mailer';
import { ormConfig } from './mikro-orm.config';
import { NewsletterController } from './newsletter/newsletter.controller';
import { NewsletterIssuesController } from './newsletter/newsletter-issues.controller';
import { NewsletterIssuesService } from './newsletter/newsletter-issues.service';
import { NewsletterRepository } from './newsletter/newsletter.repository';
import { NewsletterService } from './newsletter/newsletter.service';
import { PostsController } from './posts/posts.controller';
import { PostsRepository } from './posts/posts.repository';
import { PostsService } from './posts/posts.service';
import { RemoteRegistryController } from './remotes/remote-registry.controller';
import { RemoteRegistryRepository } from './remotes/remote-registry.repository';
import { RemoteRegistryService } from './remotes/remote-registry.service';
import { ContentSettings } from './settings';

/** Blog posts, newsletter subscribers, the registry of released remotes, and the platform's e-mail. */
export const contentService = defineService({
  name: 'content',
  ormConfig,
  settings: ContentSettings,
  // Mail asks auth for the recipient's address and the gateways whether anyone watched a job.
  imports: (settings) => [ServiceClientModule.forRoot({ url: settings.NATS_URL, credentials: settings, role: 'content', name: 'lipcast-content-client' })],
  controllers: [PostsController, NewsletterController, NewsletterIssuesController, AdminPostsController, RemoteRegistryController, MailController],
  providers: [
    PostsRepository,
    NewsletterRepository,
    RemoteRegistryRepository,
    MailRepository,
    PostsService,
    NewsletterService,
    NewsletterIssuesService,
    AdminPostsService,
    RemoteRegistryService,
    Mailer,
    MailLinks,
    MailService,
  ],
});
