import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { sql, type RawBuilder } from 'kysely';
import type pg from 'pg';
import { ErrorCode } from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';
import { gatewayDatabase, type GatewayDb } from '../database';

/** How long an export holds the user's one place without a sign of life from its replica. */
export const EXPORT_LEASE_MS = 120_000;
/** How often the producing replica extends the lease while it streams. */
const EXPORT_HEARTBEAT_MS = 30_000;

export const exportsSpentMessage = (limit: number) => `Daily limit of data exports reached (${limit} a day), resets at 00:00 UTC`;
export const EXPORT_UNDER_WAY_MESSAGE = 'Your data export is still being prepared. Wait for the download to finish before starting another.';

/** The database's clock as it runs on (as the rate-limit counters time their windows). */
const clockNow = (): RawBuilder<Date> => sql<Date>`clock_timestamp()`;
const clockPlus = (milliseconds: number): RawBuilder<Date> => sql<Date>`clock_timestamp() + make_interval(secs => ${milliseconds}::float8 / 1000)`;
/** The next 00:00 UTC, by the database's clock. */
const nextUtcMidnight = (): RawBuilder<Date> => sql<Date>`date_trunc('day', clock_timestamp(), 'UTC') + interval '24 hours'`;

/** An export under way: `release` ends it (any number of times); `refund` also gives its place in the day back. */
export interface ExportRun {
  release(options?: { refund?: boolean }): Promise<void>;
}

/**
 * Data exports per user, counted in the gateway's `account_export` table so every replica and the
 * next start see the same count: one export at a time (a lease the producing replica extends while it
 * streams, so a replica that dies frees the user when the lease ends) and `perDay` per UTC day.
 * One atomic upsert claims both, so two replicas racing for the same user cannot both win.
 */
export class AccountExports {
  private readonly logger = new Logger(AccountExports.name);
  private readonly db: GatewayDb;

  constructor(
    pool: pg.Pool,
    private readonly perDay: number,
  ) {
    this.db = gatewayDatabase(pool);
  }

  /** Claims the user's export place and one of today's exports, or throws 429 (`QUOTA_EXCEEDED`) saying why not. */
  async start(userId: string): Promise<ExportRun> {
    const runId = randomUUID();
    // A refusal is read back to say why; the lease or the day may end in between, so try again then.
    for (let attempt = 0; attempt < 3; attempt++) {
      const claimed = await this.db
        .insertInto('account_export')
        .values({ user_id: userId, exports: 1, day_ends_at: nextUtcMidnight(), running_id: runId, running_until: clockPlus(EXPORT_LEASE_MS) })
        .onConflict((conflict) =>
          conflict
            .column('user_id')
            .doUpdateSet((stored) => {
              const dayEnded = stored('account_export.day_ends_at', '<=', clockNow());
              return {
                exports: stored.case().when(dayEnded).then(stored.val(1)).else(stored('account_export.exports', '+', 1)).end(),
                day_ends_at: stored.case().when(dayEnded).then(nextUtcMidnight()).else(stored.ref('account_export.day_ends_at')).end(),
                running_id: runId,
                running_until: clockPlus(EXPORT_LEASE_MS),
              };
            })
            // `account_export.…` is the stored row: no export running, and a place left today (or a new day).
            .where((stored) =>
              stored.and([
                stored.or([stored('account_export.running_until', 'is', null), stored('account_export.running_until', '<=', clockNow())]),
                stored.or([stored('account_export.day_ends_at', '<=', clockNow()), stored('account_export.exports', '<', this.perDay)]),
              ]),
            ),
        )
        .returning('exports')
        .executeTakeFirst();
      if (claimed) return this.run(userId, runId);

      const row = await this.db
        .selectFrom('account_export')
        .select([
          'exports',
          'day_ends_at',
          sql<boolean>`running_until is not null and running_until > clock_timestamp()`.as('running'),
          sql<number>`(extract(epoch from day_ends_at - clock_timestamp()) * 1000)::float8`.as('msToDayEnd'),
        ])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (row?.running) throw new ServiceError(ErrorCode.QuotaExceeded, EXPORT_UNDER_WAY_MESSAGE);
      if (row && row.msToDayEnd > 0 && row.exports >= this.perDay) {
        throw new ServiceError(ErrorCode.QuotaExceeded, exportsSpentMessage(this.perDay), {
          limit: this.perDay,
          resetsAt: new Date(row.day_ends_at).toISOString(),
          retryAfterSeconds: Math.max(1, Math.ceil(row.msToDayEnd / 1000)),
        });
      }
    }
    throw new ServiceError(ErrorCode.QuotaExceeded, EXPORT_UNDER_WAY_MESSAGE);
  }

  /** The claimed export: its lease extended while it runs, ended by `release`. */
  private run(userId: string, runId: string): ExportRun {
    const mine = () => this.db.updateTable('account_export').where('user_id', '=', userId).where('running_id', '=', runId);
    // Unreferenced: the heartbeat never keeps the process alive.
    const heartbeat = setInterval(
      () => void mine().set({ running_until: clockPlus(EXPORT_LEASE_MS) }).execute().catch((error: unknown) => this.logger.warn(`export lease of ${userId} not extended: ${String(error)}`)),
      EXPORT_HEARTBEAT_MS,
    ).unref();
    let released: Promise<void> | null = null;
    return {
      release: ({ refund = false } = {}) => {
        clearInterval(heartbeat);
        released ??= mine()
          .set((row) => ({
            running_id: null,
            running_until: null,
            // An export that failed before its first byte does not count (unless the day has turned since).
            exports: refund ? row.case().when('day_ends_at', '>', clockNow()).then(row('exports', '-', 1)).else(row.ref('exports')).end() : row.ref('exports'),
          }))
          .execute()
          .then(() => undefined)
          // The lease ends on its own in EXPORT_LEASE_MS.
          .catch((error: unknown) => this.logger.warn(`export lease of ${userId} not ended: ${String(error)}`));
        return released;
      },
    };
  }
}
