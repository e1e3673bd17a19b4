import { Injectable, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectThrottlerOptions, InjectThrottlerStorage, ThrottlerException, ThrottlerGuard, type ThrottlerModuleOptions, type ThrottlerStorage } from '@nestjs/throttler';
import type { Response } from 'express';
import { Messages } from '@lipcast/contracts';
import { GatewaySettings } from '../settings';
import { apiKeyOwnerOf } from './api-key-owner';

const WINDOW_MS = 60_000;
const THROTTLER_NAME = 'api-key';

/**
 * `API_RATE_LIMIT_PER_MINUTE` requests per minute and key, counted in the throttler's storage
 * (PostgreSQL: across replicas) over every `/api/v1` route together, so one key cannot spread a flood
 * over several routes nor several addresses, and each key of a user has its own budget. Runs after
 * `ApiKeyGuard`, which knows the key; the per-address limit of every `/api` route still applies
 * before it. Every answer says the key's budget (`RateLimit-Limit`, `RateLimit-Remaining`,
 * `RateLimit-Reset` in seconds); a refusal is a 429 (`RATE_LIMITED` in the error shape) with
 * `Retry-After`. The daily quotas and credits are the services' own and count the key's owner as
 * they count them in the app.
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
    const limit = this.settings.API_RATE_LIMIT_PER_MINUTE;
    const { totalHits, timeToExpire, isBlocked, timeToBlockExpire } = await this.storageService.increment(`${THROTTLER_NAME}:${keyId}`, WINDOW_MS, limit, WINDOW_MS, THROTTLER_NAME);
    const response = context.switchToHttp().getResponse<Response>();
    response.setHeader('RateLimit-Limit', String(limit));
    response.setHeader('RateLimit-Remaining', String(Math.max(0, limit - totalHits)));
    response.setHeader('RateLimit-Reset', String(Math.max(0, isBlocked ? timeToBlockExpire : timeToExpire)));
    if (!isBlocked) return true;
    response.setHeader('Retry-After', String(Math.max(1, timeToBlockExpire)));
    throw new ThrottlerException(Messages.rateLimited);
  }
}
