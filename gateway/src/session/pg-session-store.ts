import session, { type SessionData } from 'express-session';
import type pg from 'pg';

type Callback<T = void> = (error?: unknown, value?: T) => void;

/**
 * express-session store on the gateway's own PostgreSQL table, so every gateway replica sees every
 * session. Expired rows are never returned and are swept now and then.
 */
export class PgSessionStore extends session.Store {
  /**
   * @param touchIntervalMs a request extends the stored expiry only when it moves it by at least
   *   this much, so a burst of requests (every range request of a video) writes at most once per interval.
   */
  constructor(
    private readonly pool: pg.Pool,
    private readonly defaultTtlMs: number,
    private readonly touchIntervalMs = 0,
    sweepEveryMs = 10 * 60_000,
  ) {
    super();
    // Unreferenced: the sweep never keeps the process alive.
    setInterval(() => void this.sweep().catch(() => undefined), sweepEveryMs).unref();
  }

  private expiresAt(data: SessionData): Date {
    return data.cookie?.expires ? new Date(data.cookie.expires) : new Date(Date.now() + this.defaultTtlMs);
  }

  override get(sid: string, callback: Callback<SessionData | null>): void {
    this.pool
      .query<{ data: SessionData }>('select data from gateway.session where sid = $1 and expires_at > now()', [sid])
      .then(({ rows }) => callback(undefined, rows[0]?.data ?? null), callback);
  }

  override set(sid: string, data: SessionData, callback: Callback = () => undefined): void {
    this.pool
      .query(
        `insert into gateway.session (sid, data, expires_at) values ($1, $2, $3)
         on conflict (sid) do update set data = excluded.data, expires_at = excluded.expires_at`,
        [sid, JSON.stringify(data), this.expiresAt(data)],
      )
      .then(() => callback(), callback);
  }

  override destroy(sid: string, callback: Callback = () => undefined): void {
    this.pool.query('delete from gateway.session where sid = $1', [sid]).then(() => callback(), callback);
  }

  /**
   * Rolling expiry: a request in a session moves its end forward. The row is written only when the
   * stored expiry is older than the new one by the touch interval: the session then ends at most
   * that much earlier than its cookie says, instead of costing a write per request.
   */
  override touch(sid: string, data: SessionData, callback: Callback = () => undefined): void {
    this.pool
      .query('update gateway.session set expires_at = $2 where sid = $1 and expires_at <= $2::timestamptz - make_interval(secs => $3::float8 / 1000)', [
        sid,
        this.expiresAt(data),
        this.touchIntervalMs,
      ])
      .then(() => callback(), callback);
  }

  /** Ends every session of a user, on every device (account deletion); answers how many there were. */
  async endAllOf(userId: string): Promise<number> {
    const { rowCount } = await this.pool.query("delete from gateway.session where data->>'userId' = $1", [userId]);
    return rowCount ?? 0;
  }

  async sweep(): Promise<number> {
    const { rowCount } = await this.pool.query('delete from gateway.session where expires_at <= now()');
    return rowCount ?? 0;
  }
}
