import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import * as client from 'openid-client';
import { createRemoteJWKSet, jwtVerify } from 'jose';

// The provider is an ES module with a CLI entry; Jest runs CommonJS, so it runs as a child process.
const PORT = 9410;
const CLIENT_ID = 'lipcast-test';
const CLIENT_SECRET = 'test-secret';
const REDIRECT_URI = 'http://localhost:3999/api/callback';
const POST_LOGOUT_REDIRECT_URI = 'http://localhost:3999/';

/** A browser reduced to what the flow needs: a cookie jar and manually followed redirects. */
class Browser {
  private readonly cookies = new Map<string, string>();

  /** Follows redirects until a page is served or the app's redirect URI is reached (not fetched). */
  async visit(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<{ url: string; status: number; html: string }> {
    let current = url;
    let request: RequestInit = {
      method: init.method ?? 'GET',
      body: init.form ? new URLSearchParams(init.form) : undefined,
    };
    for (let hops = 0; hops < 10; hops++) {
      if (current.startsWith('http://localhost:3999/')) return { url: current, status: 0, html: '' };
      const response = await fetch(current, { ...request, redirect: 'manual', headers: { cookie: this.cookieHeader() } });
      this.store(response.headers.getSetCookie());
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) {
        return { url: current, status: response.status, html: await response.text() };
      }
      current = new URL(location, current).href;
      request = { method: 'GET' };
    }
    throw new Error(`Too many redirects from ${url}`);
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private store(setCookies: string[]): void {
    for (const setCookie of setCookies) {
      const [pair] = setCookie.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      if (value && !/expires=Thu, 01 Jan 1970/i.test(setCookie)) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
  }
}

const formAction = (html: string, page: string) => {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('No form on the page');
  return new URL(action.replaceAll('&amp;', '&'), page).href;
};
const hiddenInputs = (html: string) =>
  Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((match) => [match[1], match[2]]));

describe('startDevIdentityProvider', () => {
  let child: ChildProcess;
  let issuer: string;
  let config: client.Configuration;

  beforeAll(async () => {
    child = spawn(
      process.execPath,
      ['tools/oidc/dev-provider.ts', '--port', String(PORT), '--client-id', CLIENT_ID, '--client-secret', CLIENT_SECRET, '--redirect', REDIRECT_URI],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    issuer = await new Promise<string>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`Provider exited with ${code}`)));
      child.stdout?.on('data', (data: Buffer) => {
        const found = /OIDC_ISSUER=(\S+)/.exec(data.toString());
        if (found) resolve(found[1]);
      });
    });
    config = await client.discovery(new URL(issuer), CLIENT_ID, CLIENT_SECRET, undefined, { execute: [client.allowInsecureRequests] });
  });

  afterAll(async () => {
    child.kill();
    await once(child, 'exit');
  });

  /** Starts an authorization request with PKCE, state and nonce; returns what the callback checks. */
  async function authorize(browser: Browser) {
    const pkceCodeVerifier = client.randomPKCECodeVerifier();
    const expectedState = client.randomState();
    const expectedNonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid profile email',
      code_challenge: await client.calculatePKCECodeChallenge(pkceCodeVerifier),
      code_challenge_method: 'S256',
      state: expectedState,
      nonce: expectedNonce,
    });
    const page = await browser.visit(url.href);
    const exchange = (callbackUrl: string) =>
      client.authorizationCodeGrant(config, new URL(callbackUrl), { pkceCodeVerifier, expectedState, expectedNonce });
    return { page, exchange, expectedNonce };
  }

  async function signIn(browser: Browser, username: string, extraFields: Record<string, string> = {}) {
    const { page, exchange, expectedNonce } = await authorize(browser);
    const callback = await browser.visit(formAction(page.html, page.url), { method: 'POST', form: { username, ...extraFields } });
    return { callbackUrl: callback.url, tokens: await exchange(callback.url), expectedNonce };
  }

  it('publishes its issuer at the loopback port', () => {
    expect(issuer).toBe(`http://127.0.0.1:${PORT}`);
    expect(config.serverMetadata()).toMatchObject({
      issuer,
      code_challenge_methods_supported: ['S256'],
      end_session_endpoint: `${issuer}/session/end`,
      id_token_signing_alg_values_supported: expect.arrayContaining(['RS256']),
    });
  });

  it('shows an accessible login page with a "Username" field and a "Sign in" button', async () => {
    const { page } = await authorize(new Browser());
    expect(page.status).toBe(200);
    expect(page.url).toMatch(new RegExp(`^${issuer}/interaction/[\\w-]+$`));
    expect(page.html).toContain('<label for="username">Username</label>');
    expect(page.html).toMatch(/<input id="username" name="username" type="text"/);
    expect(page.html).toContain('<button type="submit">Sign in</button>');
    expect(page.html).not.toMatch(/https?:\/\//);
  });

  it('signs in any username and returns a signed ID token with the profile claims', async () => {
    const { callbackUrl, tokens, expectedNonce } = await signIn(new Browser(), 'Ada');
    expect(callbackUrl.startsWith(`${REDIRECT_URI}?code=`)).toBe(true);
    const claims = tokens.claims();
    expect(claims).toMatchObject({
      iss: issuer,
      aud: CLIENT_ID,
      sub: 'ada',
      name: 'Ada',
      preferred_username: 'ada',
      email: 'ada@lipcast.local',
      email_verified: true,
      nonce: expectedNonce,
    });
    expect(claims).not.toHaveProperty('picture');
    expect(tokens.scope).toBe('openid profile email');
  });

  it('puts usernames starting with "admin" in the operators\' group (ADMIN_GROUPS in the dev and test stacks), nobody else', async () => {
    expect((await signIn(new Browser(), 'admin-ops')).tokens.claims()?.groups).toEqual(['lipcast-admins']);
    expect((await signIn(new Browser(), 'ada')).tokens.claims()?.groups).toEqual([]);
  });

  it('ignores sub, email and email_verified posted with the username unless started with --form-claims (tests only)', async () => {
    const claims = (await signIn(new Browser(), 'eve', { sub: 'auth0|grace', email: 'boss@lipcast.local', email_verified: 'false' })).tokens.claims();
    expect(claims).toMatchObject({ sub: 'eve', preferred_username: 'eve', email: 'eve@lipcast.local', email_verified: true });
  });

  it('signs the same username in as the same user next time', async () => {
    const first = await signIn(new Browser(), 'Grace.Hopper');
    const second = await signIn(new Browser(), '  grace.hopper ');
    expect(first.tokens.claims()?.sub).toBe('grace.hopper');
    expect(second.tokens.claims()?.sub).toBe('grace.hopper');
    expect(second.tokens.claims()?.name).toBe('grace.hopper');
  });

  it('re-shows the form with an error for an invalid username', async () => {
    const browser = new Browser();
    const { page } = await authorize(browser);
    const invalid = await browser.visit(formAction(page.html, page.url), { method: 'POST', form: { username: 'not valid!' } });
    expect(invalid.status).toBe(422);
    expect(invalid.html).toContain('<label for="username">Username</label>');
    expect(invalid.html).toContain('role="alert">&#34;not valid!&#34; is not a valid username.');
    expect(invalid.html).toContain('aria-invalid="true"');
    const empty = await browser.visit(formAction(page.html, page.url), { method: 'POST', form: { username: '   ' } });
    expect(empty.html).toContain('Enter a username.');
    // The same interaction still completes once the username is valid.
    const callback = await browser.visit(formAction(page.html, page.url), { method: 'POST', form: { username: 'ada' } });
    expect(callback.url.startsWith(`${REDIRECT_URI}?code=`)).toBe(true);
  });

  it('signs ID tokens with its published key, so a tampered token is rejected', async () => {
    const { tokens } = await signIn(new Browser(), 'ada');
    const idToken = tokens.id_token ?? '';
    const jwks = createRemoteJWKSet(new URL(config.serverMetadata().jwks_uri ?? ''));
    const { protectedHeader } = await jwtVerify(idToken, jwks, { issuer, audience: CLIENT_ID });
    expect(protectedHeader.alg).toBe('RS256');

    const [header, payload, signature] = idToken.split('.');
    const bytes = Buffer.from(signature, 'base64url');
    bytes[0] ^= 0xff;
    const tampered = `${header}.${payload}.${bytes.toString('base64url')}`;
    await expect(jwtVerify(tampered, jwks, { issuer, audience: CLIENT_ID })).rejects.toThrow('signature verification failed');
  });

  it('ends the session and redirects to the registered post-logout URI', async () => {
    const browser = new Browser();
    const { tokens } = await signIn(browser, 'ada');
    // Signed in at the provider: a new authorization request returns straight to the app.
    expect((await authorize(browser)).page.url.startsWith(`${REDIRECT_URI}?code=`)).toBe(true);

    const endSession = client.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token ?? '',
      post_logout_redirect_uri: POST_LOGOUT_REDIRECT_URI,
      state: 'bye',
    });
    const confirm = await browser.visit(endSession.href);
    expect(confirm.status).toBe(200);
    const signedOut = await browser.visit(formAction(confirm.html, confirm.url), { method: 'POST', form: hiddenInputs(confirm.html) });
    expect(signedOut.url).toBe(`${POST_LOGOUT_REDIRECT_URI}?state=bye`);

    // Signed out at the provider: the login page shows again.
    expect((await authorize(browser)).page.html).toContain('<button type="submit">Sign in</button>');
  });

  it('refuses a post-logout URI that is not registered', async () => {
    const endSession = client.buildEndSessionUrl(config, { client_id: CLIENT_ID, post_logout_redirect_uri: 'https://evil.example/' });
    const page = await new Browser().visit(endSession.href);
    expect(page.status).toBe(400);
    expect(page.html).toContain('post_logout_redirect_uri not registered');
  });
});
