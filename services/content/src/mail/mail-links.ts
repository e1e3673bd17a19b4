import { Injectable } from '@nestjs/common';
import type { JobKind } from '@lipcast/contracts';
import { ContentSettings, siteOrigin } from '../settings';

/** The site's pages that mail links to, on its public origin (`PUBLIC_URL`). */
@Injectable()
export class MailLinks {
  private readonly origin: string;

  constructor(settings: ContentSettings) {
    this.origin = siteOrigin(settings);
  }

  private page(path: string, query: Record<string, string> = {}): string {
    const url = new URL(path, this.origin);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url.toString();
  }

  /** The gateway's confirmation page (`GET /api/newsletter/confirm`: a button that confirms; opening the link alone confirms nothing). */
  newsletterConfirm(token: string): string {
    return this.page('/api/newsletter/confirm', { token });
  }

  /** The gateway's unsubscribe page (`GET /api/newsletter/unsubscribe`: a button that unsubscribes). */
  newsletterUnsubscribe(token: string): string {
    return this.page('/api/newsletter/unsubscribe', { token });
  }

  /** Where a finished job's video is shown. */
  video(kind: JobKind): string {
    return this.page(kind === 'lipsync' ? '/projects' : '/user-influencers');
  }

  profile(): string {
    return this.page('/profile');
  }

  /** The public API's `POST /api/v1/webhooks/{id}/enable` (shown in mail, not linked: it is a POST with a key). */
  apiEnableWebhook(endpointId: string): string {
    return this.page(`/api/v1/webhooks/${encodeURIComponent(endpointId)}/enable`);
  }

  create(): string {
    return this.page('/create');
  }
}
