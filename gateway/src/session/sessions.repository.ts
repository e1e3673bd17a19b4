import type { SessionData } from 'express-session';
import { sql } from 'kysely';
import type pg from 'pg';
import { builtOnce, gatewayDatabase } from '../database';
// The session fields these queries read (`userId`).
import type {} from './session-data';

/** Server-side sessions (`session`) on the gateway's own pool: every gateway replica sees every session. */
export class SessionsRepository {
  private readonly db = gatewayDatabase(this.pool);
  /** The stored session by id, unless expired: `[sid]`. */
  private readonly readSession = builtOnce(
    this.pool,
    this.db.selectFrom('session').select(['data', 'expires_at']).where('sid', '=', '').where('expires_at', '>', sql<Date>`now()`),
  );

  constructor(private readonly pool: pg.Pool) {}

  /** The session and when it expires; undefined when there is none or it has expired. */
  async find(sid: string): Promise<{ data: SessionData; expires_at: Date } | undefined> {
    const [row] = await this.readSession([sid]);
    return row;
  }

  async save(sid: string, data: SessionData, expiresAt: Date): Promise<void> {
    await this.db
      .insertInto('session')
      .values({ sid, data, expires_at: expiresAt })
      .onConflict((conflict) => conflict.column('sid').doUpdateSet((row) => ({ data: row.ref('excluded.data'), expires_at: row.ref('excluded.expires_at') })))
      .execute();
  }

  async delete(sid: string): Promise<void> {
    await this.db.deleteFrom('session').where('sid', '=', sid).execute();
  }

  /** Moves the session's expiry to `expiresAt` when the stored one is at or before `storedBy`; false when not written (gone, or rolled already). */
  async extend(sid: string, expiresAt: Date, storedBy: Date): Promise<boolean> {
    const { numUpdatedRows } = await this.db.updateTable('session').set({ expires_at: expiresAt }).where('sid', '=', sid).where('expires_at', '<=', storedBy).executeTakeFirst();
    return numUpdatedRows > 0n;
  }

  /** Deletes every session of the user but `except`; answers how many there were. */
  async deleteAllOf(userId: string, except?: string): Promise<number> {
    let query = this.db.deleteFrom('session').where((row) => row(row.ref('data', '->>').key('userId'), '=', userId));
    if (except !== undefined) query = query.where('sid', '<>', except);
    const { numDeletedRows } = await query.executeTakeFirst();
    return Number(numDeletedRows);
  }

  /** Deletes the expired sessions; answers how many there were. */
  async deleteExpired(): Promise<number> {
    const { numDeletedRows } = await this.db.deleteFrom('session').where('expires_at', '<=', sql<Date>`now()`).executeTakeFirst();
    return Number(numDeletedRows);
  }
}
