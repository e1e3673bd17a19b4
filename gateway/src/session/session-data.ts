import type { PendingLogin } from '../auth/oidc';

/** What a Lipcast session holds, beside express-session's own fields. */
declare module 'express-session' {
  interface SessionData {
    /** The signed-in user (auth service id); only the gateway sets it. */
    userId?: string;
    /** The issuer's ID token, kept as the hint for signing out there too. */
    idToken?: string;
    /** Sign-in in progress: state, nonce, PKCE verifier and where to return. */
    oidc?: PendingLogin;
  }
}
