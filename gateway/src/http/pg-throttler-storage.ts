import { Logger } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { sql, type RawBuilder } from 'kysely';
import type pg from 'pg';
import { gatewayDatabase, type GatewayDb } from '../database';

/**
 * Rate-limit counters in the gateway's PostgreSQL table, so every gateway replica counts against
 * the same limit. A fixed window per key: the first hit opens a window of `ttl`; hits past the limit
 * are refused until it ends, and the claim that crosses the limit stretches the window to at least
 * `blockDuration`. Ended windows are swept now and then.
 *
 * A replica claims hits in blocks (one atomic upsert adds the block to the shared count) and spends
 * them in memory, so a busy client costs one query per block instead of one per request; requests
 * that find the block spent while another request of this replica is claiming the next one wait
 * for that claim instead of each claiming one (many concurrent claims queue on the row's lock). The block
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

/** The database's clock as it runs on (not the statement's start), so a window is timed from the moment of its write. */
const clockNow = (): RawBuilder<Date> => sql<Date>`clock_timestamp()`;

/** `milliseconds` from the database's clock now. */
const clockPlus = (milliseconds: number): RawBuilder<Date> => sql<Date>`clock_timestamp() + make_interval(secs => ${milliseconds}::float8 / 1000)`;

export class PgThrottlerStorage implements ThrottlerStorage {
  private readonly logger = new Logger(PgThrottlerStorage.name);
  private readonly sweeper: NodeJS.Timeout;
  private readonly claims = new Map<string, Claim>();
  /** The claim under way for a key, which later requests for it wait for. */
  private readonly claiming = new Map<string, Promise<unknown>>();
  private readonly db: GatewayDb;

  constructor(pool: pg.Pool, sweepEveryMs = 60_000) {
    this.db = gatewayDatabase(pool);
    // Unreferenced: the sweep never keeps the process alive.
    this.sweeper = setInterval(() => void this.sweep().catch((error: unknown) => this.logger.warn(`rate-limit sweep failed: ${String(error)}`)), sweepEveryMs).unref();
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number): Promise<ThrottlerStorageRecord> {
    for (;;) {
      const spent = this.spendHeld(key);
      if (spent) return spent;
      const underWay = this.claiming.get(key);
      if (!underWay) break;
      await underWay;
    }
    const claim = this.claim(key, ttl, limit, blockDuration);
    this.claiming.set(key, claim);
    try {
      return await claim;
    } finally {
      this.claiming.delete(key);
    }
  }

  /** One hit of this replica's claim for `key`, while it has hits left in an open window. */
  private spendHeld(key: string): ThrottlerStorageRecord | null {
    const held = this.claims.get(key);
    if (!held || held.unspent <= 0 || held.windowEndsAt <= Date.now()) return null;
    held.unspent -= 1;
    const secondsLeft = Math.max(1, Math.ceil((held.windowEndsAt - Date.now()) / 1000));
    return { totalHits: held.claimed - held.unspent, timeToExpire: secondsLeft, isBlocked: false, timeToBlockExpire: 0 };
  }

  /** Claims a block of hits from the shared count; this request takes the first. Never rejects. */
  private async claim(key: string, ttl: number, limit: number, blockDuration: number): Promise<ThrottlerStorageRecord> {
    try {
      const size = claimSize(limit);
      // One atomic upsert: a new or ended window starts with this claim; otherwise the claim adds to
      // the count, and the claim that crosses the limit stretches the window to the block duration.
      const { hits, msLeft } = await this.db
        .insertInto('rate_limit')
        .values({ key, hits: size, window_ends_at: clockPlus(ttl) })
        .onConflict((conflict) =>
          // `rate_limit.…` is the stored row, as it was before this claim.
          conflict.column('key').doUpdateSet((stored) => {
            const windowEnded = stored('rate_limit.window_ends_at', '<=', clockNow());
            const crossesLimit = stored.and([stored('rate_limit.hits', '<=', limit), stored(stored('rate_limit.hits', '+', size), '>', limit)]);
            return {
              hits: stored.case().when(windowEnded).then(stored.val(size)).else(stored('rate_limit.hits', '+', size)).end(),
              window_ends_at: stored
                .case()
                .when(windowEnded)
                .then(clockPlus(ttl))
                .when(crossesLimit)
                .then(stored.fn<Date>('greatest', ['rate_limit.window_ends_at', clockPlus(blockDuration)]))
                .else(stored.ref('rate_limit.window_ends_at'))
                .end(),
            };
          }),
        )
        .returning((row) => ['hits', sql<number>`(extract(epoch from ${row.ref('window_ends_at')} - clock_timestamp()) * 1000)::float8`.as('msLeft')])
        .executeTakeFirstOrThrow();
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
    const { numDeletedRows } = await this.db.deleteFrom('rate_limit').where('window_ends_at', '<=', clockNow()).executeTakeFirst();
    return Number(numDeletedRows);
  }

  stop(): void {
    clearInterval(this.sweeper);
  }
}
