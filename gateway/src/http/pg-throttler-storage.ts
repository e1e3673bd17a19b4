import { Logger } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type pg from 'pg';

/**
 * Rate-limit counters in the gateway's PostgreSQL table, so every gateway replica counts against
 * the same limit. A fixed window per key: the first hit opens a window of `ttl`; hits past the limit
 * are refused until it ends, and the hit that crosses the limit stretches the window to at least
 * `blockDuration`. One atomic upsert per hit; ended windows are swept now and then.
 */
type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

export class PgThrottlerStorage implements ThrottlerStorage {
  private readonly logger = new Logger(PgThrottlerStorage.name);
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly pool: pg.Pool,
    sweepEveryMs = 60_000,
  ) {
    // Unreferenced: the sweep never keeps the process alive.
    this.sweeper = setInterval(() => void this.sweep().catch((error: unknown) => this.logger.warn(`rate-limit sweep failed: ${String(error)}`)), sweepEveryMs).unref();
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number): Promise<ThrottlerStorageRecord> {
    try {
      const { rows } = await this.pool.query<{ hits: number; ms_left: number }>(
        `insert into gateway.rate_limit as counter (key, hits, window_ends_at)
         values ($1, 1, clock_timestamp() + make_interval(secs => $2::float8 / 1000))
         on conflict (key) do update set
           hits = case when counter.window_ends_at <= clock_timestamp() then 1 else counter.hits + 1 end,
           window_ends_at = case
             when counter.window_ends_at <= clock_timestamp() then clock_timestamp() + make_interval(secs => $2::float8 / 1000)
             when counter.hits = $3 then greatest(counter.window_ends_at, clock_timestamp() + make_interval(secs => $4::float8 / 1000))
             else counter.window_ends_at
           end
         returning hits, (extract(epoch from window_ends_at - clock_timestamp()) * 1000)::float8 as ms_left`,
        [key, ttl, limit, blockDuration],
      );
      const { hits, ms_left: msLeft } = rows[0];
      const secondsLeft = Math.max(1, Math.ceil(msLeft / 1000));
      const isBlocked = hits > limit;
      return { totalHits: hits, timeToExpire: secondsLeft, isBlocked, timeToBlockExpire: isBlocked ? secondsLeft : 0 };
    } catch (error) {
      // The limit protects the service; it must not be what takes the whole API down while the
      // database is unreachable (the routes that need the database fail on their own).
      this.logger.warn(`rate-limit counter unavailable, request let through: ${String(error)}`);
      return { totalHits: 0, timeToExpire: Math.ceil(ttl / 1000), isBlocked: false, timeToBlockExpire: 0 };
    }
  }

  async sweep(): Promise<number> {
    const { rowCount } = await this.pool.query('delete from gateway.rate_limit where window_ends_at <= clock_timestamp()');
    return rowCount ?? 0;
  }

  stop(): void {
    clearInterval(this.sweeper);
  }
}
