import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { OidcClient } from './oidc';

const CLIENT_ID = 'lipcast';
const KID = 'signing-key';

/**
 * A stand-in OpenID Connect issuer speaking the HTTP API the relying party uses (discovery, keys,
 * token endpoint), whose token endpoint returns whatever ID token the test mints: the way to check
 * that forged, expired or misdirected tokens are refused by the gateway's own code path.
 */
async function startStandInIssuer() {
  const trusted = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = { ...(await exportJWK(trusted.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  let mint: () => Promise<string> = async () => '';
  const server: Server = createServer((request, response) => {
    const json = (body: unknown) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.url === '/.well-known/openid-configuration') {
      return json({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      });
    }
    if (request.url === '/jwks') return json({ keys: [publicJwk] });
    if (request.url === '/token') return void mint().then((idToken) => json({ access_token: 'access', token_type: 'Bearer', expires_in: 60, id_token: idToken }));
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    trustedKey: trusted.privateKey,
    /** The next token request answers with this token. */
    answerWith: (next: () => Promise<string>) => {
      mint = next;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function idToken(key: CryptoKey, claims: JWTPayload, expiresAt: number) {
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: KID }).setIssuedAt(expiresAt - 3600).setExpirationTime(expiresAt).sign(key);
}

describe(OidcClient.name, () => {
  let issuer: Awaited<ReturnType<typeof startStandInIssuer>>;
  let sut: OidcClient;
  const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

  beforeAll(async () => {
    issuer = await startStandInIssuer();
    sut = new OidcClient({ issuerUrl: issuer.issuer, clientId: CLIENT_ID, clientSecret: 'secret' });
  });
  afterAll(() => issuer.stop());

  /** Starts a login, has the issuer answer with `token(nonce)`, and finishes the login. */
  async function signInWith(token: (nonce: string) => Promise<string>) {
    const { url, pending } = await sut.startLogin('http://app.test/api/callback', '/');
    expect(new URL(url).searchParams.get('code_challenge_method')).toBe('S256');
    issuer.answerWith(() => token(pending.nonce));
    return sut.finishLogin(new URL(`http://app.test/api/callback?code=code-1&state=${pending.state}`), pending);
  }

  const claims = (nonce: string, overrides: JWTPayload = {}): JWTPayload => ({
    iss: issuer.issuer,
    aud: CLIENT_ID,
    sub: 'user-1',
    nonce,
    preferred_username: 'ada',
    email: 'ada@example.com',
    ...overrides,
  });

  it('accepts a token signed by the issuer for this client, with the right nonce', async () => {
    const identity = await signInWith((nonce) => idToken(issuer.trustedKey, claims(nonce), inAnHour()));
    expect(identity).toMatchObject({ issuer: issuer.issuer, subject: 'user-1', username: 'ada', email: 'ada@example.com' });
  });

  it('vouches for the e-mail (what ADMIN_USERS may match) only when the token says email_verified: true', async () => {
    const verified: Record<string, boolean> = {};
    for (const [label, claim] of [['true', true], ['"true"', 'true'], ['false', false], ['absent', undefined]] as const) {
      verified[label] = (await signInWith((nonce) => idToken(issuer.trustedKey, claims(nonce, { email_verified: claim }), inAnHour()))).emailVerified;
    }
    expect(verified).toEqual({ true: true, '"true"': false, false: false, absent: false });
  });

  it('refuses a token signed with another key', async () => {
    const forger = await generateKeyPair('RS256');
    await expect(signInWith((nonce) => idToken(forger.privateKey, claims(nonce), inAnHour()))).rejects.toThrow();
  });

  it('refuses an expired token', async () => {
    await expect(signInWith((nonce) => idToken(issuer.trustedKey, claims(nonce), Math.floor(Date.now() / 1000) - 600))).rejects.toThrow();
  });

  it('refuses a token for another nonce or another client', async () => {
    await expect(signInWith(() => idToken(issuer.trustedKey, claims('someone-elses-nonce'), inAnHour()))).rejects.toThrow();
    await expect(signInWith((nonce) => idToken(issuer.trustedKey, claims(nonce, { aud: 'other-app' }), inAnHour()))).rejects.toThrow();
  });

  it('refuses a callback whose state is not the one it sent', async () => {
    const { pending } = await sut.startLogin('http://app.test/api/callback', '/');
    issuer.answerWith(() => idToken(issuer.trustedKey, claims(pending.nonce), inAnHour()));
    await expect(sut.finishLogin(new URL('http://app.test/api/callback?code=code-1&state=forged'), pending)).rejects.toThrow();
  });
});
