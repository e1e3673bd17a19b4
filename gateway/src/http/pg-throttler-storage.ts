import { Logger } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type pg from 'pg';
import { RateLimitRepository } from './rate-limit.repository';

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

export class PgThrottlerStorage implements ThrottlerStorage {
  private readonly logger = new Logger(PgThrottlerStorage.name);
  private readonly sweeper: NodeJS.Timeout;
  private readonly claims = new Map<string, Claim>();
  /** The claim under way for a key, which later requests for it wait for. */
  private readonly claiming = new Map<string, Promise<unknown>>();
  private readonly counters: RateLimitRepository;

  constructor(pool: pg.Pool, sweepEveryMs = 60_000) {
    this.counters = new RateLimitRepository(pool);
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
      // One atomic upsert adds the block to the shared count (a new or ended window starts with it).
      const { hits, msLeft } = await this.counters.claim(key, size, ttl, limit, blockDuration);
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
    return this.counters.deleteEnded();
  }

  stop(): void {
    clearInterval(this.sweeper);
  }
}
