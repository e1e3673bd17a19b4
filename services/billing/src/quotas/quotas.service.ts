import { Injectable } from '@nestjs/common';
import {
  ErrorCode, QUOTA_KINDS, quotaExceededMessage, type DailyQuota, type QuotaConsumed, type QuotaExceededDetails, type QuotaKind,
} from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';
import { Clock } from '../clock';
import { LedgerRepository } from '../credits/ledger.repository';
import { isPremium } from '../credits/premium';
import { BillingSettings } from '../settings';
import { QuotasRepository } from './quotas.repository';

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
    private readonly quotas: QuotasRepository,
    private readonly ledger: LedgerRepository,
    private readonly settings: BillingSettings,
    private readonly clock: Clock,
  ) {}

  /** Takes one of today's previews of `kind`, or throws QUOTA_EXCEEDED with the time until 00:00 UTC. */
  async consume(userId: string, kind: QuotaKind): Promise<QuotaConsumed> {
    const now = this.clock.now();
    const { day, resetsAt } = utcDay(now);
    const account = await this.ledger.findAccount(userId);
    const limit = this.settings.dailyLimit(kind, account !== undefined && isPremium(account, now));
    // Counts up only while under the limit: nothing is counted when today's previews are all taken.
    const used = await this.quotas.countOne(userId, kind, day, limit);
    if (used === null) {
      const details: QuotaExceededDetails = {
        kind,
        limit,
        resetsAt: resetsAt.toISOString(),
        retryAfterSeconds: Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000)),
      };
      throw new ServiceError(ErrorCode.QuotaExceeded, quotaExceededMessage(kind), { ...details });
    }
    return { kind, used, limit, remaining: Math.max(0, limit - used), resetsAt: resetsAt.toISOString() };
  }

  /** Today's count of every kind against the plan's limits (the profile page). */
  async today(userId: string, premium: boolean): Promise<DailyQuota[]> {
    const { day, resetsAt } = utcDay(this.clock.now());
    const rows = await this.quotas.usedOn(userId, day);
    return QUOTA_KINDS.map((kind) => ({
      kind,
      used: rows.find((row) => row.kind === kind)?.used ?? 0,
      limit: this.settings.dailyLimit(kind, premium),
      resetsAt: resetsAt.toISOString(),
    }));
  }
}
