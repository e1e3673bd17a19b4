import session, { type SessionData } from 'express-session';
import type pg from 'pg';
import { SessionsRepository } from './sessions.repository';

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
  private readonly sessions: SessionsRepository;

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
    this.sessions = new SessionsRepository(pool);
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
    this.sessions
      .find(sid)
      .then((row) => {
        if (row) this.rememberExpiry(sid, row.expires_at.getTime());
        else this.storedExpiries.delete(sid);
        callback(undefined, row?.data ?? null);
      }, callback);
  }

  override set(sid: string, data: SessionData, callback: Callback = () => undefined): void {
    const expiresAt = this.expiresAt(data);
    this.sessions
      .save(sid, data, expiresAt)
      .then(() => {
        this.rememberExpiry(sid, expiresAt.getTime());
        callback();
      }, callback);
  }

  override destroy(sid: string, callback: Callback = () => undefined): void {
    this.storedExpiries.delete(sid);
    this.sessions.delete(sid).then(() => callback(), callback);
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
    this.sessions
      .extend(sid, expiresAt, new Date(expiresAt.getTime() - this.touchIntervalMs))
      .then((written) => {
        // Not written: gone, or rolled by another replica; the next read learns the stored expiry.
        if (written) this.rememberExpiry(sid, expiresAt.getTime());
        else this.storedExpiries.delete(sid);
        callback();
      }, callback);
  }

  /**
   * Ends every session of a user, on every device (account deletion), but `except` (the session
   * that is deleting the account, while it runs); answers how many there were.
   */
  endAllOf(userId: string, except?: string): Promise<number> {
    return this.sessions.deleteAllOf(userId, except);
  }

  sweep(): Promise<number> {
    return this.sessions.deleteExpired();
  }
}
