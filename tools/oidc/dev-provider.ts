/**
 * Embedded OpenID Connect identity provider for development and tests (oidc-provider on loopback).
 * Any valid username signs in; the gateway treats it exactly like a production issuer: authorization
 * code flow with PKCE, RS256-signed ID tokens, RP-initiated logout. Keys and state live in memory only,
 * so a restart invalidates every session and token it issued.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { listen, readText, sendHtml, stopServer } from '../lib/http-stand-in.ts';
import { loginPage, logoutPage, messagePage } from './pages.ts';

export interface DevClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
}

export interface DevIdentityProvider {
  issuer: string;
  stop(): Promise<void>;
}

const USERNAME_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
const USERNAME_RULE = 'Use 1 to 64 letters, digits, dots, underscores or hyphens.';
const EMAIL_DOMAIN = 'lipcast.local';
const SCOPE = 'openid profile email';
/** The OIDC group the dev provider gives usernames starting with "admin"; the dev and test stacks set `ADMIN_GROUPS` to it. */
export const DEV_ADMIN_GROUP = 'lipcast-admins';

export interface DevIdentityProviderOptions {
  port: number;
  clients: DevClient[];
  /** Address to listen on; default 127.0.0.1 (a container binds 0.0.0.0). */
  host?: string;
  /** The issuer URL as browsers and the gateway reach it; default `http://127.0.0.1:<port>`. */
  issuer?: string;
  /**
   * Tests only (`--form-claims`): the sign-in form may also post `sub`, `email` and `email_verified`
   * (`true`/`false`), to play issuers where those differ from the username (a user who picks another's
   * username, an unverified address). The page never shows them.
   */
  formClaims?: boolean;
}

/** What the provider remembers of an account (by its id, the `sub`) from its last sign-in. */
interface Account {
  /** The username as last typed (the `name` claim; `preferred_username` is it lowercased). */
  username: string;
  email?: string;
  emailVerified?: boolean;
}

export async function startDevIdentityProvider(options: DevIdentityProviderOptions): Promise<DevIdentityProvider> {
  const issuer = options.issuer ?? `http://127.0.0.1:${options.port}`;
  const accounts = new Map<string, Account>();
  const provider = new Provider(issuer, configuration(options.clients, accounts));

  const handleProvider = provider.callback();
  const server = createServer((req, res) => {
    const route = /^\/interaction\/([\w-]+)(\/login)?$/.exec(new URL(req.url ?? '/', issuer).pathname);
    if (!route) return handleProvider(req, res);
    const handled = route[2] && req.method === 'POST' ? submitLogin(provider, accounts, options.formClaims ?? false, req, res) : showLogin(provider, req, res);
    handled.catch((error: unknown) => {
      // An expired or unknown interaction (e.g. a stale tab) lands here; the app starts a fresh one.
      const message = error instanceof errors.OIDCProviderError ? error.error_description : String(error);
      sendHtml(res, 400, messagePage('Sign-in error', `${message ?? 'Sign-in failed'}. Go back to the app and sign in again.`));
    });
  });
  await listen(server, options.port, options.host ?? '127.0.0.1');

  return {
    issuer,
    stop: () => stopServer(server),
  };
}

function configuration(clients: DevClient[], accounts: Map<string, Account>): Configuration {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    clients: clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      post_logout_redirect_uris: client.postLogoutRedirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      // openid-client's default client authentication.
      token_endpoint_auth_method: 'client_secret_post',
    })),
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    pkce: { required: () => true },
    responseTypes: ['code'],
    scopes: ['openid', 'profile', 'email'],
    claims: { openid: ['sub'], profile: ['name', 'preferred_username', 'groups'], email: ['email', 'email_verified'] },
    // Put the profile claims in the ID token too, so a relying party needs no userinfo call.
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => sendKoaHtml(ctx, 200, logoutPage(form)),
        postLogoutSuccessSource: (ctx) => sendKoaHtml(ctx, 200, messagePage('Signed out', 'You have been signed out.')),
      },
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, accountId) => ({
      accountId,
      claims: () => {
        const account = accounts.get(accountId);
        const username = (account?.username ?? accountId).toLowerCase();
        return {
          sub: accountId,
          name: account?.username ?? accountId,
          preferred_username: username,
          email: account?.email ?? `${username}@${EMAIL_DOMAIN}`,
          email_verified: account?.emailVerified ?? true,
          // Usernames starting with "admin" sign in as operators (the dev/test stack sets ADMIN_GROUPS to this group).
          groups: username.startsWith('admin') ? [DEV_ADMIN_GROUP] : [],
        };
      },
    }),
    // No consent screen: every registered client is first party, so grant the scopes straight away.
    loadExistingGrant: async (ctx) => {
      const { client, session, result } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(SCOPE);
      await grant.save();
      return grant;
    },
    renderError: (ctx, out) => sendKoaHtml(ctx, ctx.status, messagePage('Sign-in error', `${out.error}: ${out.error_description ?? ''}`)),
  };
}

async function showLogin(provider: Provider, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const interaction = await provider.interactionDetails(req, res);
  if (interaction.prompt.name !== 'login') throw new Error(`Unexpected prompt "${interaction.prompt.name}".`);
  sendHtml(res, 200, loginPage({ action: `/interaction/${interaction.uid}/login` }));
}

async function submitLogin(
  provider: Provider,
  accounts: Map<string, Account>,
  formClaims: boolean,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const interaction = await provider.interactionDetails(req, res);
  const form = new URLSearchParams(await readText(req));
  const username = (form.get('username') ?? '').trim();
  if (!USERNAME_PATTERN.test(username)) {
    const error = username ? `"${username}" is not a valid username. ${USERNAME_RULE}` : `Enter a username. ${USERNAME_RULE}`;
    sendHtml(res, 422, loginPage({ action: `/interaction/${interaction.uid}/login`, username, error }));
    return;
  }
  // The username is the account (its `sub`) unless a test names another one (`formClaims`).
  const claim = (name: string) => (formClaims ? form.get(name)?.trim() || undefined : undefined);
  const accountId = claim('sub') ?? username.toLowerCase();
  const verified = claim('email_verified');
  accounts.set(accountId, { username, email: claim('email'), emailVerified: verified === undefined ? undefined : verified === 'true' });
  await provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
}

function sendKoaHtml(ctx: KoaContextWithOIDC, status: number, html: string): void {
  ctx.status = status;
  ctx.type = 'html';
  ctx.body = html;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string, fallback: string) => {
    const index = process.argv.indexOf(`--${name}`);
    return index > 0 ? process.argv[index + 1] : fallback;
  };
  const redirectUri = arg('redirect', 'http://localhost:3000/api/callback');
  const provider = await startDevIdentityProvider({
    port: Number(arg('port', '9400')),
    formClaims: process.argv.includes('--form-claims'),
    clients: [
      {
        clientId: arg('client-id', 'lipcast'),
        clientSecret: arg('client-secret', 'dev-secret'),
        redirectUris: [redirectUri],
        postLogoutRedirectUris: [arg('post-logout-redirect', new URL('/', redirectUri).href)],
      },
    ],
  });
  console.log(`OIDC_ISSUER=${provider.issuer}`);
}
