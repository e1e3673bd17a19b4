import { createParamDecorator, ForbiddenException, Injectable, SetMetadata, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { isApiKeyFormat, type ApiKeyIdentity, type ApiKeyScope } from '@lipcast/contracts';
import { bearerToken, MISSING_KEY_MESSAGE } from './api-key-bearer';
import { ApiKeyVerifier } from './api-key-verifier';

/** Where the guard leaves the caller on the request: apart from `user` and the session, so nothing mistakes one for the other. */
const OWNER_PROPERTY = 'apiKeyOwner';

type RequestWithOwner = Request & { [OWNER_PROPERTY]?: ApiKeyIdentity };

/** The caller of a `/api/v1` route, once `ApiKeyGuard` has let it through. */
export function apiKeyOwnerOf(context: ExecutionContext): ApiKeyIdentity {
  const owner = context.switchToHttp().getRequest<RequestWithOwner>()[OWNER_PROPERTY];
  if (!owner) throw new Error('No API key owner on the request: is the route behind ApiKeyGuard (@ApiV1Controller)?');
  return owner;
}

/** `{userId, keyId, scopes}` of the key that called; services trust only user ids sent this way (as `@CurrentUserId()` in the app). */
export const ApiKeyOwner = createParamDecorator((_data: unknown, context: ExecutionContext): ApiKeyIdentity => apiKeyOwnerOf(context));

/**
 * Authenticates with `Authorization: Bearer <key>` (`ApiKeyVerifier`: this gateway's cache, else
 * auth) and never with the session; without a valid key, 401 (auth's UNAUTHENTICATED passes through).
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(private readonly keys: ApiKeyVerifier) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithOwner>();
    const key = bearerToken(request.headers.authorization);
    if (!key) throw new UnauthorizedException(MISSING_KEY_MESSAGE);
    // What cannot be a key costs no request to the auth service.
    if (!isApiKeyFormat(key)) throw new UnauthorizedException('Invalid API key');
    request[OWNER_PROPERTY] = await this.keys.verify(key);
    return true;
  }
}

const REQUIRED_SCOPES = 'lipcast:api-key-scopes';

/** The scopes a route (or every route of a controller) needs; the key must have every one. */
export const RequireScopes = (...scopes: ApiKeyScope[]) => SetMetadata(REQUIRED_SCOPES, scopes);

/** The required scopes the key lacks (none: allowed). */
export const missingScopes = (granted: readonly ApiKeyScope[], required: readonly ApiKeyScope[]): ApiKeyScope[] => required.filter((scope) => !granted.includes(scope));

/** 403 for a key without a scope the route requires (`@RequireScopes`); the details name what is missing. */
@Injectable()
export class ScopesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const required = this.reflector.getAllAndOverride<ApiKeyScope[] | undefined>(REQUIRED_SCOPES, [context.getHandler(), context.getClass()]) ?? [];
    const missing = missingScopes(apiKeyOwnerOf(context).scopes, required);
    if (missing.length > 0) {
      throw new ForbiddenException({ message: `This API key lacks the scope ${missing.join(', ')}`, details: { required, missing } });
    }
    return true;
  }
}
