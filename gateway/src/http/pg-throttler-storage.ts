import { Logger } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type pg from 'pg';

/**
 * Rate-limit counters in the gateway's PostgreSQL table, so every gateway replica counts against
 * the same limit. A fixed window per key: the first hit opens a window of `ttl`; hits past the limit
 * are refused until it ends, and the claim that crosses the limit stretches the window to at least
 * `blockDuration`. Ended windows are swept now and then.
 *
 * A replica claims hits in blocks (one atomic upsert adds the block to the shared count) and spends
 * them in memory, so a busy client costs one query per block instead of one per request. The block
 * is a twentieth of the limit (at most 100, at least 1): small limits, such as sign-in's, stay exact;
 * a larger one may refuse a client up to (replicas − 1) blocks early, never let it past the limit.
 */
type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** Hits claimed from the shared count and not yet spent by this replica. */
interface Claim {
  unspent: number;
  /** The shared count after the claim (what `totalHits` reports, less what is unspent). */
  claimed: number;
  windowEndsAt: number;
}

export const claimSize = (limit: number) => Math.min(100, Math.max(1, Math.floor(limit / 20)));

export class PgThrottlerStorage implements ThrottlerStorage {
  private readonly logger = new Logger(PgThrottlerStorage.name);
  private readonly sweeper: NodeJS.Timeout;
  private readonly claims = new Map<string, Claim>();

  constructor(
    private readonly pool: pg.Pool,
    sweepEveryMs = 60_000,
  ) {
    // Unreferenced: the sweep never keeps the process alive.
    this.sweeper = setInterval(() => void this.sweep().catch((error: unknown) => this.logger.warn(`rate-limit sweep failed: ${String(error)}`)), sweepEveryMs).unref();
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number): Promise<ThrottlerStorageRecord> {
    const held = this.claims.get(key);
    if (held && held.unspent > 0 && held.windowEndsAt > Date.now()) {
      held.unspent -= 1;
      const secondsLeft = Math.max(1, Math.ceil((held.windowEndsAt - Date.now()) / 1000));
      return { totalHits: held.claimed - held.unspent, timeToExpire: secondsLeft, isBlocked: false, timeToBlockExpire: 0 };
    }
    try {
      const size = claimSize(limit);
      const { rows } = await this.pool.query<{ hits: number; ms_left: number }>(
        `insert into gateway.rate_limit as counter (key, hits, window_ends_at)
         values ($1, $5, clock_timestamp() + make_interval(secs => $2::float8 / 1000))
         on conflict (key) do update set
           hits = case when counter.window_ends_at <= clock_timestamp() then $5 else counter.hits + $5 end,
           window_ends_at = case
             when counter.window_ends_at <= clock_timestamp() then clock_timestamp() + make_interval(secs => $2::float8 / 1000)
             when counter.hits <= $3 and counter.hits + $5 > $3 then greatest(counter.window_ends_at, clock_timestamp() + make_interval(secs => $4::float8 / 1000))
             else counter.window_ends_at
           end
         returning hits, (extract(epoch from window_ends_at - clock_timestamp()) * 1000)::float8 as ms_left`,
        [key, ttl, limit, blockDuration, size],
      );
      const { hits, ms_left: msLeft } = rows[0];
      // Of this claim, only the hits within the limit may be spent; this request takes the first.
      const usable = Math.max(0, Math.min(size, limit - (hits - size)));
      const windowEndsAt = Date.now() + msLeft;
      const secondsLeft = Math.max(1, Math.ceil(msLeft / 1000));
      if (usable === 0) {
        this.claims.delete(key);
        return { totalHits: hits, timeToExpire: secondsLeft, isBlocked: true, timeToBlockExpire: secondsLeft };
      }
      this.claims.set(key, { unspent: usable - 1, claimed: hits - (size - usable), windowEndsAt });
      return { totalHits: hits - (size - usable) - (usable - 1), timeToExpire: secondsLeft, isBlocked: false, timeToBlockExpire: 0 };
    } catch (error) {
      // The limit protects the service; it must not be what takes the whole API down while the
      // database is unreachable (the routes that need the database fail on their own).
      this.logger.warn(`rate-limit counter unavailable, request let through: ${String(error)}`);
      return { totalHits: 0, timeToExpire: Math.ceil(ttl / 1000), isBlocked: false, timeToBlockExpire: 0 };
    }
  }

  async sweep(): Promise<number> {
    const now = Date.now();
    for (const [key, claim] of this.claims) if (claim.windowEndsAt <= now) this.claims.delete(key);
    const { rowCount } = await this.pool.query('delete from gateway.rate_limit where window_ends_at <= clock_timestamp()');
    return rowCount ?? 0;
  }

  stop(): void {
    clearInterval(this.sweeper);
  }
}
