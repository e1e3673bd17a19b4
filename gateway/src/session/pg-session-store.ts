import session, { type SessionData } from 'express-session';
import { sql } from 'kysely';
import type pg from 'pg';
import { builtOnce, gatewayDatabase, type GatewayDb } from '../database';
// The session fields this store queries (`userId`).
import type {} from './session-data';

type Callback<T = void> = (error?: unknown, value?: T) => void;

/** Sessions whose stored expiry this process remembers at once; the least recently seen leaves first. */
const MAX_REMEMBERED = 10_000;

/**
 * express-session store on the gateway's own PostgreSQL table, so every gateway replica sees every
 * session. Expired rows are never returned and are swept now and then.
 */
export class PgSessionStore extends session.Store {
  /** Each session's expiry as this process last read or wrote it (epoch ms), by session id. */
  private readonly storedExpiries = new Map<string, number>();
  private readonly db: GatewayDb;
  /** The stored session by id, unless expired: `[sid]`. */
  private readonly readSession;

  /**
   * @param touchIntervalMs a request extends the stored expiry only when it moves it by at least
   *   this much, so a burst of requests (every range request of a video) writes at most once per interval.
   */
  constructor(
    pool: pg.Pool,
    private readonly defaultTtlMs: number,
    private readonly touchIntervalMs = 0,
    sweepEveryMs = 10 * 60_000,
  ) {
    super();
    this.db = gatewayDatabase(pool);
    this.readSession = builtOnce(
      pool,
      this.db.selectFrom('session').select(['data', 'expires_at']).where('sid', '=', '').where('expires_at', '>', sql<Date>`now()`),
    );
    // Unreferenced: the sweep never keeps the process alive.
    setInterval(() => void this.sweep().catch(() => undefined), sweepEveryMs).unref();
  }

  private expiresAt(data: SessionData): Date {
    return data.cookie?.expires ? new Date(data.cookie.expires) : new Date(Date.now() + this.defaultTtlMs);
  }

  private rememberExpiry(sid: string, expiresAt: number): void {
    this.storedExpiries.delete(sid);
    if (this.storedExpiries.size >= MAX_REMEMBERED) this.storedExpiries.delete(this.storedExpiries.keys().next().value!);
    this.storedExpiries.set(sid, expiresAt);
  }

  override get(sid: string, callback: Callback<SessionData | null>): void {
    this.readSession([sid])
      .then(([row]) => {
        if (row) this.rememberExpiry(sid, row.expires_at.getTime());
        else this.storedExpiries.delete(sid);
        callback(undefined, row?.data ?? null);
      }, callback);
  }

  override set(sid: string, data: SessionData, callback: Callback = () => undefined): void {
    const expiresAt = this.expiresAt(data);
    this.db
      .insertInto('session')
      .values({ sid, data, expires_at: expiresAt })
      .onConflict((conflict) => conflict.column('sid').doUpdateSet((row) => ({ data: row.ref('excluded.data'), expires_at: row.ref('excluded.expires_at') })))
      .execute()
      .then(() => {
        this.rememberExpiry(sid, expiresAt.getTime());
        callback();
      }, callback);
  }

  override destroy(sid: string, callback: Callback = () => undefined): void {
    this.storedExpiries.delete(sid);
    this.db
      .deleteFrom('session')
      .where('sid', '=', sid)
      .execute()
      .then(() => callback(), callback);
  }

  /**
   * Rolling expiry: a request in a session moves its end forward. The row is written only when the
   * stored expiry is older than the new one by the touch interval: the session then ends at most
   * that much earlier than its cookie says, instead of costing a write per request. When the expiry
   * this process read or wrote last is recent enough, it does not even ask PostgreSQL.
   */
  override touch(sid: string, data: SessionData, callback: Callback = () => undefined): void {
    const expiresAt = this.expiresAt(data);
    const known = this.storedExpiries.get(sid);
    if (known !== undefined && expiresAt.getTime() - known < this.touchIntervalMs) {
      callback();
      return;
    }
    this.db
      .updateTable('session')
      .set({ expires_at: expiresAt })
      .where('sid', '=', sid)
      .where('expires_at', '<=', new Date(expiresAt.getTime() - this.touchIntervalMs))
      .executeTakeFirst()
      .then(({ numUpdatedRows }) => {
        // Not written: gone, or rolled by another replica; the next read learns the stored expiry.
        if (numUpdatedRows > 0n) this.rememberExpiry(sid, expiresAt.getTime());
        else this.storedExpiries.delete(sid);
        callback();
      }, callback);
  }

  /**
   * Ends every session of a user, on every device (account deletion), but `except` (the session
   * that is deleting the account, while it runs); answers how many there were.
   */
  async endAllOf(userId: string, except?: string): Promise<number> {
    let query = this.db.deleteFrom('session').where((row) => row(row.ref('data', '->>').key('userId'), '=', userId));
    if (except !== undefined) query = query.where('sid', '<>', except);
    const { numDeletedRows } = await query.executeTakeFirst();
    return Number(numDeletedRows);
  }

  async sweep(): Promise<number> {
    const { numDeletedRows } = await this.db.deleteFrom('session').where('expires_at', '<=', sql<Date>`now()`).executeTakeFirst();
    return Number(numDeletedRows);
  }
}
