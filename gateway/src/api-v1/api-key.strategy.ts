import { Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-custom';
import { isApiKeyFormat, Subjects, type ApiKeyIdentity } from '@lipcast/contracts';
import { ServiceClient } from '@lipcast/nest-kit';

/** The passport strategy `/api/v1` authenticates with (the session is never consulted there). */
export const API_KEY_STRATEGY = 'api-key';

export const MISSING_KEY_MESSAGE = 'Send your API key as "Authorization: Bearer <key>" (create one in your profile).';

/**
 * The key in `Authorization: Bearer <key>`, and only there: never a query parameter, a body field
 * or a cookie, so a browser never sends it on its own and no link or form can carry it.
 */
export function bearerToken(authorization: string | undefined): string | null {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? '');
  return match ? match[1] : null;
}

/** Asks the auth service who the presented key speaks for; its UNAUTHENTICATED (unknown, revoked, expired) passes through as a 401. */
@Injectable()
export class ApiKeyStrategy extends PassportStrategy(Strategy, API_KEY_STRATEGY) {
  constructor(private readonly services: ServiceClient) {
    super();
  }

  async validate(request: Request): Promise<ApiKeyIdentity> {
    const key = bearerToken(request.headers.authorization);
    if (!key) throw new UnauthorizedException(MISSING_KEY_MESSAGE);
    // What cannot be a key costs no request to the auth service.
    if (!isApiKeyFormat(key)) throw new UnauthorizedException('Invalid API key');
    return this.services.send(Subjects.auth.apiKeysVerify, { key });
  }
}
