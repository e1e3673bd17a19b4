import { createHmac, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { SESSION_COOKIE } from './session.middleware';

/** A signed-in session for `userId`, stored as the sign-in callback leaves it (with `extra` such as `{roles: ['admin'], username}`); returns its cookie (signed with `sessionSecret`). */
export async function signedInCookie(database: pg.Pool, sessionSecret: string, userId: string, extra: Record<string, unknown> = {}): Promise<string> {
  const sid = `test-${randomBytes(12).toString('hex')}`;
  const expires = new Date(Date.now() + 3_600_000);
  await database.query('insert into gateway.session (sid, data, expires_at) values ($1, $2, $3)', [
    sid,
    JSON.stringify({ cookie: { originalMaxAge: 3_600_000, expires, httpOnly: true, path: '/' }, userId, ...extra }),
    expires,
  ]);
  const signature = createHmac('sha256', sessionSecret).update(sid).digest('base64').replace(/=+$/, '');
  return `${SESSION_COOKIE}=${encodeURIComponent(`s:${sid}.${signature}`)}`;
}
