import { applyDecorators, Controller, UseFilters, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { ErrorCode, Messages } from '@lipcast/contracts';
import { Public } from '../auth/signed-in.guard';
import { ApiKeyGuard, ScopesGuard } from './api-key-owner';
import { ApiKeyRateLimitGuard } from './api-key-rate-limit.guard';
import { MISSING_KEY_MESSAGE } from './api-key-bearer';
import { ApiV1ErrorDto } from './api-v1.dto';
import { ApiV1ErrorFilter } from './api-v1-error.filter';

/** The public API's prefix under `/api`: its routes, documented at `/api/v1/docs`. */
export const API_V1_PATH = 'v1';
/** The bearer security scheme's name in the v1 document. */
export const API_V1_SECURITY = 'api-key';

/** An error answer as the v1 document shows it (`{error: {code, message, details}}`). */
export const errorExample = (code: ErrorCode, message: string, details: Record<string, unknown> | null = null) => ({ error: { code, message, details } });

/** One filter for every v1 controller: it holds no state. */
const errorFilter = new ApiV1ErrorFilter();

/**
 * A controller of the public API at `/api/v1/<path>` (right under it for `''`): authenticated by an
 * API key only (the session's `SignedInGuard` stands aside with `@Public()`; the key guard never
 * reads the session, so a cookie alone is a 401), limited per key, scoped by `@RequireScopes`, its
 * errors in the `{error: {code, message, details}}` shape, and documented with the bearer scheme.
 */
export const ApiV1Controller = (path: string) =>
  applyDecorators(
    Controller(path ? `${API_V1_PATH}/${path}` : API_V1_PATH),
    Public(),
    UseGuards(ApiKeyGuard, ApiKeyRateLimitGuard, ScopesGuard),
    UseFilters(errorFilter),
    ApiBearerAuth(API_V1_SECURITY),
    ApiUnauthorizedResponse({ description: 'No key, or a key that is unknown, revoked or expired', type: ApiV1ErrorDto, example: errorExample(ErrorCode.Unauthenticated, MISSING_KEY_MESSAGE) }),
    ApiForbiddenResponse({
      description: 'The key lacks a scope the route requires',
      type: ApiV1ErrorDto,
      example: errorExample(ErrorCode.Forbidden, 'This API key lacks the scope videos:read', { required: ['videos:read'], missing: ['videos:read'] }),
    }),
    ApiTooManyRequestsResponse({
      description: "Over the key's requests per minute (every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` in seconds)",
      type: ApiV1ErrorDto,
      example: errorExample(ErrorCode.RateLimited, Messages.rateLimited),
      headers: { 'Retry-After': { description: 'Seconds until the key may call again', schema: { type: 'integer' } } },
    }),
  );
