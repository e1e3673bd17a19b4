export const MISSING_KEY_MESSAGE = 'Send your API key as "Authorization: Bearer <key>" (create one in your profile).';

/**
 * The key in `Authorization: Bearer <key>`, and only there: never a query parameter, a body field
 * or a cookie, so a browser never sends it on its own and no link or form can carry it.
 */
export function bearerToken(authorization: string | undefined): string | null {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? '');
  return match ? match[1] : null;
}
