import { Injectable, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectThrottlerOptions, InjectThrottlerStorage, ThrottlerGuard, type ThrottlerModuleOptions, type ThrottlerStorage } from '@nestjs/throttler';
import { GatewaySettings } from '../settings';
import { apiKeyOwnerOf } from './api-key-owner';

const WINDOW_MS = 60_000;
const THROTTLER_NAME = 'api-key';

/**
 * Requests per minute and key, counted in the throttler's storage (PostgreSQL: across replicas)
 * over every `/api/v1` route together, so one key cannot spread a flood over several routes nor
 * several addresses. Runs after `ApiKeyGuard`, which knows the key; the per-address limit of every
 * `/api` route still applies before it. The daily quotas and credits are the services' own and
 * count the key's owner as they count them in the app.
 */
@Injectable()
export class ApiKeyRateLimitGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    private readonly settings: GatewaySettings,
  ) {
    super(options, storage, reflector);
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const { keyId } = apiKeyOwnerOf(context);
    const limit = this.settings.RATE_LIMIT_PER_MINUTE;
    return this.handleRequest({
      context,
      limit,
      ttl: WINDOW_MS,
      blockDuration: WINDOW_MS,
      throttler: { name: THROTTLER_NAME, limit, ttl: WINDOW_MS },
      getTracker: () => keyId,
      generateKey: (_context, tracker, name) => `${name}:${tracker}`,
    });
  }
}
