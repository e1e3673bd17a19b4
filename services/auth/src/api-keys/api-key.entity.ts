import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { ApiKeyScope } from '@lipcast/contracts';

/**
 * A user's key for the public API. The key itself is never stored: only its SHA-256 (`hash`, what a
 * presented key is looked up by) and its first characters (`prefix`, so the user can tell keys apart).
 * A revoked key stays as a row (`revokedAt`) but is neither listed nor accepted.
 */
export const ApiKeyEntity = defineEntity({
  name: 'ApiKey',
  tableName: 'api_key',
  indexes: [{ properties: ['userId'] }],
  properties: {
    id: p.uuid().primary().onCreate(() => crypto.randomUUID()),
    userId: p.uuid(),
    name: p.string().length(100),
    prefix: p.string().length(12),
    hash: p.string().length(64).unique(),
    scopes: p.array<ApiKeyScope>().columnType('text[]'),
    createdAt: p.datetime().onCreate(() => new Date()),
    lastUsedAt: p.datetime().nullable(),
    expiresAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
  },
});

export type ApiKey = InferEntity<typeof ApiKeyEntity>;
