import { Injectable } from '@nestjs/common';
import { Subjects, type QuotaConsumed, type QuotaKind } from '@lipcast/contracts';
import { ServiceClient } from '@lipcast/nest-kit';

/**
 * Billing's daily quotas of the free previews (speech, portraits, scripts), as the request handlers
 * use them: one is taken per request, before the provider is called.
 */
@Injectable()
export class Quotas {
  constructor(private readonly services: ServiceClient) {}

  /** Throws billing's QUOTA_EXCEEDED (HTTP 429 with Retry-After and the message to show) when today's are spent. */
  consume(userId: string, kind: QuotaKind): Promise<QuotaConsumed> {
    return this.services.send(Subjects.billing.quotaConsume, { userId, kind });
  }
}
