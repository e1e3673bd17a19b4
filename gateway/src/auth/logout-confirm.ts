import type { Request } from 'express';

/**
 * Whether a navigation to this site came from another site: a link on someone else's page, or a
 * page there loading our URL. Sec-Fetch-Site says so in current browsers; otherwise an Origin
 * header other than ours (or the opaque "null") does. Without either (older browsers, direct
 * visits), the request is taken as our own.
 */
export function isCrossSiteNavigation(request: Pick<Request, 'headers'>, ownOrigin: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite === 'cross-site';
  const origin = request.headers.origin;
  return typeof origin === 'string' && origin !== ownOrigin;
}

/**
 * What `GET /api/logout` answers a cross-site request: signing out takes a click on this page, whose
 * form posts to `POST /api/logout` from our own origin. Plain HTML: no script, no inline style.
 */
export const LOGOUT_CONFIRM_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sign out of Lipcast?</title>
</head>
<body>
<main>
<h1>Sign out of Lipcast?</h1>
<p>Another site sent you here to sign out. Sign out only if you meant to.</p>
<form method="post" action="/api/logout">
<button type="submit">Sign out</button>
</form>
<p><a href="/">Stay signed in</a></p>
</main>
</body>
</html>
`;
