import { Injectable } from '@nestjs/common';
import { sql, type RawBuilder } from 'kysely';
import pg from 'pg';
import { clockNow, clockPlus, gatewayDatabase } from '../database';

/** The next 00:00 UTC, by the database's clock. */
const nextUtcMidnight = (): RawBuilder<Date> => sql<Date>`date_trunc('day', clock_timestamp(), 'UTC') + interval '24 hours'`;

/** A user's export count and place as stored, with the database's view of the time. */
export interface ExportLimits {
  exports: number;
  day_ends_at: Date;
  /** An export holds the user's place (its lease has not ended). */
  running: boolean;
  msToDayEnd: number;
}

/** Each user's data exports (`account_export`): today's count and the export under way with its lease, on the gateway's own pool. */
@Injectable()
export class AccountExportsRepository {
  private readonly db = gatewayDatabase(this.pool);

  constructor(private readonly pool: pg.Pool) {}

  /**
   * Claims the user's one place (for `runId`, leased for `leaseMs`) and one of today's `perDay`
   * exports in one atomic upsert, so two replicas racing for the same user cannot both win; false
   * when an export still holds the place or today's exports are spent.
   */
  async claim(userId: string, runId: string, leaseMs: number, perDay: number): Promise<boolean> {
    const claimed = await this.db
      .insertInto('account_export')
      .values({ user_id: userId, exports: 1, day_ends_at: nextUtcMidnight(), running_id: runId, running_until: clockPlus(leaseMs) })
      .onConflict((conflict) =>
        conflict
          .column('user_id')
          .doUpdateSet((stored) => {
            const dayEnded = stored('account_export.day_ends_at', '<=', clockNow());
            return {
              exports: stored.case().when(dayEnded).then(stored.val(1)).else(stored('account_export.exports', '+', 1)).end(),
              day_ends_at: stored.case().when(dayEnded).then(nextUtcMidnight()).else(stored.ref('account_export.day_ends_at')).end(),
              running_id: runId,
              running_until: clockPlus(leaseMs),
            };
          })
          // `account_export.…` is the stored row: no export running, and a place left today (or a new day).
          .where((stored) =>
            stored.and([
              stored.or([stored('account_export.running_until', 'is', null), stored('account_export.running_until', '<=', clockNow())]),
              stored.or([stored('account_export.day_ends_at', '<=', clockNow()), stored('account_export.exports', '<', perDay)]),
            ]),
          ),
      )
      .returning('exports')
      .executeTakeFirst();
    return claimed !== undefined;
  }

  /** What stopped a claim: the stored count and place; undefined when the user has no row. */
  limitsOf(userId: string): Promise<ExportLimits | undefined> {
    return this.db
      .selectFrom('account_export')
      .select([
        'exports',
        'day_ends_at',
        sql<boolean>`running_until is not null and running_until > clock_timestamp()`.as('running'),
        sql<number>`(extract(epoch from day_ends_at - clock_timestamp()) * 1000)::float8`.as('msToDayEnd'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** The export `runId` is alive: its lease runs `leaseMs` from now (nothing changes once another run holds the place). */
  async extendLease(userId: string, runId: string, leaseMs: number): Promise<void> {
    await this.run(userId, runId).set({ running_until: clockPlus(leaseMs) }).execute();
  }

  /** The export `runId` ended: the place is free; `refund` also gives its place in the day back (unless the day has turned since). */
  async endRun(userId: string, runId: string, refund: boolean): Promise<void> {
    await this.run(userId, runId)
      .set((row) => ({
        running_id: null,
        running_until: null,
        exports: refund ? row.case().when('day_ends_at', '>', clockNow()).then(row('exports', '-', 1)).else(row.ref('exports')).end() : row.ref('exports'),
      }))
      .execute();
  }

  private run(userId: string, runId: string) {
    return this.db.updateTable('account_export').where('user_id', '=', userId).where('running_id', '=', runId);
  }
}
