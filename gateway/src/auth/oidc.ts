import * as oidc from 'openid-client';
import { isSameSitePath } from '@lipcast/contracts';

export interface OidcSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
}

/** What the login step remembers in the session until the issuer sends the browser back. */
export interface PendingLogin {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
}

export interface SignedInIdentity {
  issuer: string;
  subject: string;
  username: string;
  email: string | null;
  /** Whether the issuer vouches for `email` (`email_verified: true`); only then may it name an operator (ADMIN_USERS). */
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  /** The ID token's `groups` claim (what ADMIN_GROUPS is matched against); empty when the issuer sends none. */
  groups: string[];
  idToken: string;
}

const SCOPE = 'openid profile email';

/** A path on this site to return to after sign-in; anything else (other sites, `//host`) becomes `/`. */
export function safeReturnPath(value: unknown): string {
  return isSameSitePath(value) ? value : '/';
}

const stringList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : []);

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * The relying party for any OpenID Connect issuer (the embedded dev provider or Auth0, Keycloak,
 * Google...): authorization code flow with PKCE, state and nonce; ID tokens verified by
 * openid-client against the issuer's keys.
 */
export class OidcClient {
  private configuration: Promise<oidc.Configuration> | null = null;

  constructor(private readonly settings: OidcSettings) {}

  /** Discovery on first use (and again after a failure), so the gateway starts even if the issuer is down. */
  private config(): Promise<oidc.Configuration> {
    if (!this.configuration) {
      const insecure = new URL(this.settings.issuerUrl).protocol === 'http:';
      this.configuration = oidc
        .discovery(new URL(this.settings.issuerUrl), this.settings.clientId, this.settings.clientSecret, undefined, {
          // Verify every ID token's signature against the issuer's keys, also when it comes straight
          // from the token endpoint (OIDC lets clients skip that and trust TLS; we do not).
          execute: insecure ? [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks] : [oidc.enableNonRepudiationChecks],
        })
        .catch((error) => {
          this.configuration = null;
          throw error;
        });
    }
    return this.configuration;
  }

  async startLogin(redirectUri: string, returnTo: string): Promise<{ url: string; pending: PendingLogin }> {
    const config = await this.config();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const pending: PendingLogin = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier, returnTo };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: SCOPE,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    return { url: url.href, pending };
  }

  /** Exchanges the code; throws when the state, nonce, PKCE verifier or ID token do not check out. */
  async finishLogin(callbackUrl: URL, pending: PendingLogin): Promise<SignedInIdentity> {
    const config = await this.config();
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    return {
      issuer: claims.iss,
      subject: claims.sub,
      username: text(claims.preferred_username) ?? text(claims.name) ?? text(claims.email) ?? claims.sub,
      email: text(claims.email),
      // Strictly `true`: a missing claim (or a string) is no verification.
      emailVerified: claims.email_verified === true,
      firstName: text(claims.given_name),
      lastName: text(claims.family_name),
      profileImageUrl: text(claims.picture),
      groups: stringList(claims.groups),
      idToken: tokens.id_token!,
    };
  }

  /** Where to send the browser to sign out at the issuer too, when it supports that. */
  async logoutUrl(idToken: string | undefined, postLogoutRedirectUri: string): Promise<string | null> {
    const config = await this.config().catch(() => null);
    if (!config?.serverMetadata().end_session_endpoint) return null;
    const parameters: Record<string, string> = { post_logout_redirect_uri: postLogoutRedirectUri };
    if (idToken) parameters.id_token_hint = idToken;
    return oidc.buildEndSessionUrl(config, parameters).href;
  }
}
