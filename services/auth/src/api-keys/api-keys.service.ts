import { Injectable } from '@nestjs/common';
import {
  ErrorCode, isApiKeyFormat, MAX_API_KEYS_PER_USER, type ApiKeyRevoked, type ApiKeySummary, type CreatedApiKey, type VerifiedApiKey,
} from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';
import type { CreateApiKeyDto } from '@lipcast/nest-kit/requests';
import { UsersRepository } from '../users/users.repository';
import type { ApiKey } from './api-key.entity';
import type { RevokeApiKeyDto } from './api-key.dto';
import { ApiKeyInvalidations } from './api-key-invalidations';
import { generateApiKey, hashApiKey, visiblePrefix } from './api-key-secret';
import { ApiKeysRepository } from './api-keys.repository';

/** A key's last use is written at most this often, so a burst of requests costs no writes. */
export const LAST_USED_PRECISION_MS = 60_000;

export function toApiKeySummary(key: ApiKey): ApiKeySummary {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    expiresAt: key.expiresAt?.toISOString() ?? null,
  };
}

const unauthenticated = (message: string) => new ServiceError(ErrorCode.Unauthenticated, message);

@Injectable()
export class ApiKeysService {
  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly users: UsersRepository,
    private readonly invalidations: ApiKeyInvalidations,
  ) {}

  /** A new key for the user, answered with the key itself this once (within the limit: `insertWithinLimit`). */
  async create(request: CreateApiKeyDto): Promise<CreatedApiKey> {
    const expiresAt = request.expiresAt ? new Date(request.expiresAt) : null;
    if (expiresAt && expiresAt.getTime() <= Date.now()) {
      throw ServiceError.validation('The expiry date must be in the future', { fields: { expiresAt: ['must be in the future'] } });
    }
    const key = generateApiKey();
    const created = await this.keys.insertWithinLimit(
      { userId: request.userId, name: request.name, prefix: visiblePrefix(key), hash: hashApiKey(key), scopes: request.scopes, expiresAt },
      MAX_API_KEYS_PER_USER,
    );
    if (created === 'user-gone') throw ServiceError.notFound('User not found');
    if (created === 'limit-reached') {
      throw new ServiceError(ErrorCode.Conflict, `You already have ${MAX_API_KEYS_PER_USER} API keys, the most an account may hold. Revoke one you no longer use to create another.`, {
        limit: MAX_API_KEYS_PER_USER,
      });
    }
    return { ...toApiKeySummary(created), key };
  }

  /** The user's keys that still count (not revoked; expired ones too, so they can be seen and removed), newest first. */
  async list(userId: string): Promise<ApiKeySummary[]> {
    const keys = await this.keys.listLive(userId);
    return keys.map(toApiKeySummary);
  }

  /**
   * Revokes one of the user's keys at once (the gateways drop it from their caches before this
   * answers); revoking it again is fine, another user's key is NOT_FOUND.
   */
  async revoke({ userId, keyId }: RevokeApiKeyDto): Promise<ApiKeyRevoked> {
    if (!(await this.keys.revoke(userId, keyId, new Date()))) throw ServiceError.notFound('API key not found');
    // Again for a key revoked already: an earlier revoke may have stored it and failed before telling.
    await this.invalidations.publish({ userId, keyId, reason: 'revoked' });
    return { revoked: true };
  }

  /** Who a presented key speaks for, and until when; UNAUTHENTICATED for a key that is unknown, revoked or expired. */
  async verify(presented: string): Promise<VerifiedApiKey> {
    if (!isApiKeyFormat(presented)) throw unauthenticated('Invalid API key');
    const key = await this.keys.findByHash(hashApiKey(presented));
    if (!key) throw unauthenticated('Invalid API key');
    if (key.revokedAt) throw unauthenticated('This API key was revoked');
    const now = new Date();
    if (key.expiresAt && key.expiresAt <= now) throw unauthenticated('This API key has expired');
    // From the first step of account deletion (the user marked `deleting`), none of the user's keys work.
    if (await this.users.isDeleting(key.userId)) throw unauthenticated('This account is being deleted');
    await this.recordUse(key, now);
    return { userId: key.userId, keyId: key.id, scopes: key.scopes, expiresAt: key.expiresAt?.toISOString() ?? null };
  }

  /**
   * Sets the last use when the stored one is older than `LAST_USED_PRECISION_MS`: the row read to
   * verify tells, so a burst costs no writes, and the condition in the update keeps concurrent
   * requests from writing it more than once.
   */
  private async recordUse(key: ApiKey, now: Date): Promise<void> {
    const staleBefore = new Date(now.getTime() - LAST_USED_PRECISION_MS);
    if (key.lastUsedAt && key.lastUsedAt > staleBefore) return;
    await this.keys.recordUse(key.id, now, staleBefore);
  }
}
