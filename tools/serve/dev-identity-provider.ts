/**
 * The embedded development identity provider as a process of its own (compose's local evaluation
 * runs it as a container): any username signs in. Configured by the environment:
 *   DEV_OIDC_CLIENT_SECRET  the gateway's client secret (required; the gateway's OIDC_CLIENT_SECRET)
 *   DEV_OIDC_APP_URLS       comma-separated origins of the app, e.g. http://localhost:3000 (required)
 *   DEV_OIDC_ISSUER         the issuer URL as browsers and the gateway reach it (default http://127.0.0.1:<port>)
 *   DEV_OIDC_PORT           default 9100;  DEV_OIDC_HOST  default 127.0.0.1 (0.0.0.0 in a container)
 *   DEV_OIDC_CLIENT_ID      default lipcast
 */
import { startDevIdentityProvider } from '../oidc/dev-provider.ts';
import { listOf, portFrom, required, stopOnSignal } from './serve-env.ts';

const port = portFrom('DEV_OIDC_PORT', 9100);
const appOrigins = listOf(required('DEV_OIDC_APP_URLS')).map((origin) => origin.replace(/\/$/, ''));
const provider = await startDevIdentityProvider({
  port,
  host: process.env.DEV_OIDC_HOST || '127.0.0.1',
  issuer: process.env.DEV_OIDC_ISSUER || undefined,
  clients: [
    {
      clientId: process.env.DEV_OIDC_CLIENT_ID || 'lipcast',
      clientSecret: required('DEV_OIDC_CLIENT_SECRET'),
      redirectUris: appOrigins.map((origin) => `${origin}/api/callback`),
      postLogoutRedirectUris: appOrigins.map((origin) => `${origin}/`),
    },
  ],
});
console.log(
  [
    '',
    '  LOCAL EVALUATION ONLY: this identity provider lets anyone sign in as anyone, with any username.',
    '  Never put it in front of a public site; use your own issuer (OIDC_ISSUER_URL) there.',
    `  issuer ${provider.issuer}, for ${appOrigins.join(', ')}`,
    '',
  ].join('\n'),
);
stopOnSignal(() => provider.stop());
