/**
 * API keys: a signed-in user makes them in `/profile` and calls the public API (`/api/v1`) with
 * `Authorization: Bearer <key>`. The key itself is shown once; the auth service keeps only its hash.
 */
import type { ErrorCode } from './errors';

/** What a key may do; each `/api/v1` route names the scope it needs. */
export const API_KEY_SCOPES = ['videos:read', 'videos:write', 'webhooks:manage'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'lc_live_';
/** How much of a key stays visible in the list (`lc_live_AbCd`), enough to tell keys apart. */
export const API_KEY_VISIBLE_LENGTH = 12;
/** Keys a user may hold at once (revoked keys do not count). */
export const MAX_API_KEYS_PER_USER = 20;
export const API_KEY_NAME_MAX_LENGTH = 100;

/** The shape of a key: the prefix and 32 random bytes in base64url (43 characters). */
const API_KEY_PATTERN = /^lc_live_[A-Za-z0-9_-]{43}$/;

/** Whether `value` can be a key at all; anything else is refused without asking the auth service. */
export const isApiKeyFormat = (value: string): boolean => API_KEY_PATTERN.test(value);

/** A key as the profile lists it: never the key itself. Dates are ISO strings. */
export interface ApiKeySummary {
  id: string;
  name: string;
  /** The key's first characters (`lc_live_AbCd`). */
  prefix: string;
  scopes: ApiKeyScope[];
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
}

/** `POST /api/api-keys`: a name, the scopes and, optionally, when the key stops working (ISO date-time, in the future). */
export interface CreateApiKeyBody {
  name: string;
  scopes: ApiKeyScope[];
  expiresAt?: string | null;
}

/** The answer to a create: the summary and the key, shown this once. */
export interface CreatedApiKey extends ApiKeySummary {
  key: string;
}

/** Over NATS (`auth.apiKeys.create.v1`). */
export interface CreateApiKeyRequest extends CreateApiKeyBody {
  userId: string;
}

/** Over NATS (`auth.apiKeys.revoke.v1`): the key must be the user's. */
export interface RevokeApiKeyRequest {
  userId: string;
  keyId: string;
}

export interface ApiKeyRevoked {
  revoked: true;
}

/** Over NATS (`auth.apiKeys.verify.v1`): the key as presented. */
export interface VerifyApiKeyRequest {
  key: string;
}

/** Who a valid key speaks for: what `/api/v1` routes see as the caller. */
export interface ApiKeyIdentity {
  userId: string;
  keyId: string;
  scopes: ApiKeyScope[];
}

/**
 * The answer to a verify: who the key speaks for and when it stops working (ISO date-time, null:
 * never), so the gateway's cache of verified keys refuses it from then on without asking.
 */
export interface VerifiedApiKey extends ApiKeyIdentity {
  expiresAt: string | null;
}

/** Why keys stopped working before their expiry. */
export type ApiKeysInvalidatedReason = 'revoked' | 'owner-deleting' | 'owner-deleted';

/**
 * `auth.apiKeys.invalidated.v1`, published by auth once keys stop working: one key (`keyId`) or
 * every key of the user (`keyId` null). Each gateway drops them from its cache of verified keys.
 */
export interface ApiKeysInvalidated {
  userId: string;
  keyId: string | null;
  reason: ApiKeysInvalidatedReason;
}

/** Every `/api/v1` error: the contracts' code, a message for people, and details when there are any. */
export interface ApiV1ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    details: Record<string, unknown> | null;
  };
}

/** A `/api/v1` list: the items under `data`, so fields (paging) can join later without breaking callers. */
export interface ApiV1List<T> {
  data: T[];
}
