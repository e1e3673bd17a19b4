import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { publicOrigin } from '../http/public-origin';
import { GatewaySettings } from '../settings';
import { OidcClient } from './oidc';

/**
 * The identity provider this gateway signs in with (`OIDC_ISSUER_URL`; none when unset), shared by
 * sign-in, Logout and account deletion.
 */
@Injectable()
export class IdentityProvider {
  readonly oidc = this.settings.OIDC_ISSUER_URL
    ? new OidcClient({ issuerUrl: this.settings.OIDC_ISSUER_URL, clientId: this.settings.OIDC_CLIENT_ID, clientSecret: this.settings.OIDC_CLIENT_SECRET ?? '' })
    : null;

  constructor(private readonly settings: GatewaySettings) {}

  /**
   * Where the browser goes once the session here has ended: the issuer's end-session address (with
   * the ID token hint, back to our home page) where it supports one, so the next Log in asks who
   * signs in; else `/`. Logout redirects there, and account deletion answers it.
   */
  async signOutUrl(request: Request, idToken: string | undefined): Promise<string> {
    return (await this.oidc?.logoutUrl(idToken, `${publicOrigin(this.settings, request)}/`)) ?? '/';
  }
}
