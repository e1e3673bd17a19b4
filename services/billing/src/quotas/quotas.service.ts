import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  ErrorCode, QUOTA_KINDS, quotaExceededMessage, type DailyQuota, type QuotaConsumed, type QuotaExceededDetails, type QuotaKind,
} from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';
import { Clock } from '../clock';
import { isPremium } from '../credits/premium';
import { billingDatabase } from '../database';
import { BillingSettings } from '../settings';
import { DailyUsageEntity } from './daily-usage.entity';

const DAY_MS = 86_400_000;

/** The UTC day `at` falls on (`YYYY-MM-DD`) and the 00:00 UTC that ends it. */
export function utcDay(at: Date): { day: string; resetsAt: Date } {
  const start = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  return { day: new Date(start).toISOString().slice(0, 10), resetsAt: new Date(start + DAY_MS) };
}

/**
 * Daily quotas of the free previews (speech, portraits, scripts): each costs provider money but no
 * credit, so each user has so many a UTC day, more on Premium. The count lives in PostgreSQL and is
 * taken in one statement that only counts up while under the limit, so concurrent requests through
 * any number of gateway and service replicas never take more than the limit.
 */
@Injectable()
export class QuotasService {
  constructor(
    private readonly em: EntityManager,
    private readonly settings: BillingSettings,
    private readonly clock: Clock,
  ) {}

  /** Takes one of today's previews of `kind`, or throws QUOTA_EXCEEDED with the time until 00:00 UTC. */
  async consume(userId: string, kind: QuotaKind): Promise<QuotaConsumed> {
    const now = this.clock.now();
    const { day, resetsAt } = utcDay(now);
    const limit = this.settings.dailyLimit(kind, await this.isPremium(userId, now));
    // Counts up only while under the limit: no row comes back when today's previews are all taken.
    const counted = await billingDatabase(this.em)
      .insertInto('daily_usage')
      .values({ userId, kind, day, used: 1 })
      .onConflict((conflict) =>
        conflict
          .columns(['userId', 'kind', 'day'])
          .doUpdateSet((eb) => ({ used: eb('daily_usage.used', '+', 1) }))
          .where('daily_usage.used', '<', limit),
      )
      .returning('used')
      .executeTakeFirst();
    if (!counted) {
      const details: QuotaExceededDetails = {
        kind,
        limit,
        resetsAt: resetsAt.toISOString(),
        retryAfterSeconds: Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000)),
      };
      throw new ServiceError(ErrorCode.QuotaExceeded, quotaExceededMessage(kind), { ...details });
    }
    return { kind, used: counted.used, limit, remaining: Math.max(0, limit - counted.used), resetsAt: resetsAt.toISOString() };
  }

  /** Today's count of every kind against the plan's limits (the profile page). */
  async today(userId: string, premium: boolean): Promise<DailyQuota[]> {
    const { day, resetsAt } = utcDay(this.clock.now());
    const rows = await this.em.find(DailyUsageEntity, { userId, day }, { disableIdentityMap: true });
    return QUOTA_KINDS.map((kind) => ({
      kind,
      used: rows.find((row) => row.kind === kind)?.used ?? 0,
      limit: this.settings.dailyLimit(kind, premium),
      resetsAt: resetsAt.toISOString(),
    }));
  }

  private async isPremium(userId: string, now: Date): Promise<boolean> {
    const account = await billingDatabase(this.em)
      .selectFrom('account')
      .select(['subscriptionStatus', 'periodStart', 'periodEnd'])
      .where('userId', '=', userId)
      .executeTakeFirst();
    return account ? isPremium(account, now) : false;
  }
}
