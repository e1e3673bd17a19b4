import { ForbiddenException, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { ApiKeyIdentity, ApiKeyScope } from '@lipcast/contracts';
import { missingScopes, RequireScopes, ScopesGuard } from './api-key-owner';
import { bearerToken } from './api-key-bearer';

describe(missingScopes.name, () => {
  it('names the required scopes the key lacks, and none when it has them all', () => {
    expect(missingScopes(['videos:read'], ['videos:read'])).toEqual([]);
    expect(missingScopes(['videos:read'], ['videos:read', 'videos:write'])).toEqual(['videos:write']);
    expect(missingScopes(['webhooks:manage'], [])).toEqual([]);
    expect(missingScopes([], ['webhooks:manage'])).toEqual(['webhooks:manage']);
  });
});

describe(ScopesGuard.name, () => {
  const sut = new ScopesGuard(new Reflector());

  class Routes {
    @RequireScopes('videos:write')
    create() {}
    open() {}
  }

  const contextFor = (handler: () => void, scopes: ApiKeyScope[]) => {
    const owner: ApiKeyIdentity = { userId: 'u', keyId: 'k', scopes };
    return { getHandler: () => handler, getClass: () => Routes, switchToHttp: () => ({ getRequest: () => ({ apiKeyOwner: owner }) }) } as unknown as ExecutionContext;
  };

  it('lets a key with the scope through, and refuses one without it with 403 naming what is missing', () => {
    expect(sut.canActivate(contextFor(Routes.prototype.create, ['videos:read', 'videos:write']))).toBe(true);
    let refusal: unknown;
    try {
      sut.canActivate(contextFor(Routes.prototype.create, ['videos:read']));
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ForbiddenException);
    expect((refusal as ForbiddenException).getResponse()).toEqual({ message: 'This API key lacks the scope videos:write', details: { required: ['videos:write'], missing: ['videos:write'] } });
  });

  it('asks nothing of a route that requires no scope', () => {
    expect(sut.canActivate(contextFor(Routes.prototype.open, []))).toBe(true);
  });
});

describe(bearerToken.name, () => {
  it('reads the key from "Authorization: Bearer <key>" only', () => {
    expect(bearerToken('Bearer lc_live_abc')).toBe('lc_live_abc');
    expect(bearerToken('bearer  lc_live_abc')).toBe('lc_live_abc');
    for (const header of [undefined, '', 'lc_live_abc', 'Basic dXNlcjpwYXNz', 'Bearer', 'Bearer a b']) expect(bearerToken(header)).toBeNull();
  });
});
