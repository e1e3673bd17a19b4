import { Injectable } from '@nestjs/common';
import { Events, type ApiKeysInvalidated } from '@lipcast/contracts';
import { ServiceClient } from '@lipcast/nest-kit';

/**
 * Tells every gateway that keys stopped working (`auth.apiKeys.invalidated.v1`), so their caches of
 * verified keys (gateway/src/api-v1/verified-keys.ts) drop them. Called after the change is stored
 * and before the request that made it is answered: the flush waits until the NATS server holds the
 * event, so it reaches the gateways ahead of that answer and the caller's next request is refused.
 */
@Injectable()
export class ApiKeyInvalidations {
  constructor(private readonly services: ServiceClient) {}

  async publish(event: ApiKeysInvalidated): Promise<void> {
    this.services.publish(Events.auth.apiKeysInvalidated, event);
    await this.services.nats.flush();
  }
}
