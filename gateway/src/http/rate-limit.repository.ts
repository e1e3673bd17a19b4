import { sql } from 'kysely';
import type pg from 'pg';
import { clockNow, clockPlus, gatewayDatabase } from '../database';

/** The rate-limit counters (`rate_limit`: a fixed window per key) on the gateway's own pool, shared by every replica. */
export class RateLimitRepository {
  private readonly db = gatewayDatabase(this.pool);

  constructor(private readonly pool: pg.Pool) {}

  /**
   * Adds `size` hits to the key's count in one atomic upsert: a new or ended window starts with them
   * and lasts `ttlMs`; otherwise they add to the count, and the claim that crosses `limit` stretches
   * the window to at least `blockDurationMs`. Answers the count after the claim and the window's
   * milliseconds left, both on the database's clock.
   */
  claim(key: string, size: number, ttlMs: number, limit: number, blockDurationMs: number): Promise<{ hits: number; msLeft: number }> {
    return this.db
      .insertInto('rate_limit')
      .values({ key, hits: size, window_ends_at: clockPlus(ttlMs) })
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
              .then(clockPlus(ttlMs))
              .when(crossesLimit)
              .then(stored.fn<Date>('greatest', ['rate_limit.window_ends_at', clockPlus(blockDurationMs)]))
              .else(stored.ref('rate_limit.window_ends_at'))
              .end(),
          };
        }),
      )
      .returning((row) => ['hits', sql<number>`(extract(epoch from ${row.ref('window_ends_at')} - clock_timestamp()) * 1000)::float8`.as('msLeft')])
      .executeTakeFirstOrThrow();
  }

  /** Deletes the ended windows; answers how many there were. */
  async deleteEnded(): Promise<number> {
    const { numDeletedRows } = await this.db.deleteFrom('rate_limit').where('window_ends_at', '<=', clockNow()).executeTakeFirst();
    return Number(numDeletedRows);
  }
}
