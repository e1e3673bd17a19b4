/**
 * The public API (`/api/v1`) and what its routes are built from. A new v1 feature (the videos
 * endpoints) writes its controller with `@ApiV1Controller('<path>')`, names its scope with
 * `@RequireScopes(...)`, takes the caller with `@ApiKeyOwner()`, and joins `apiV1Controllers`
 * before the not-found catch-all.
 */
import { ApiKeyGuard, ScopesGuard } from './api-key-owner';
import { ApiKeyRateLimitGuard } from './api-key-rate-limit.guard';
import { ApiKeyVerifier } from './api-key-verifier';
import { ApiKeysController } from './api-keys.controller';
import { ApiV1NotFoundController } from './api-v1-not-found.controller';
import { BatchOperations } from './batch-operations';
import { BatchesSessionController } from './batches-session.controller';
import { BatchesV1Controller } from './batches.controller';
import { CatalogV1Controller } from './catalog.controller';
import { VideosV1Controller } from './videos.controller';
import { WebhooksSessionController } from './webhooks-session.controller';
import { WebhooksV1Controller } from './webhooks.controller';

/** The public API's controllers, in route order: the not-found catch-all stays last. */
export const apiV1Controllers = [
  CatalogV1Controller,
  VideosV1Controller,
  WebhooksV1Controller,
  BatchesV1Controller,
  ApiV1NotFoundController,
];

/** The session routes of the API's features: the profile's keys and webhook endpoints, the app's batch page. */
export const apiKeyControllers = [ApiKeysController, WebhooksSessionController, BatchesSessionController];

/** The keys' verifier (with its cache of verified keys), the guards the v1 controllers use, and the batches' operations (both doors). */
export const apiV1Providers = [ApiKeyVerifier, ApiKeyGuard, ApiKeyRateLimitGuard, ScopesGuard, BatchOperations];
