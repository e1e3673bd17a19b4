import { Injectable } from '@nestjs/common';
import type { QuotaKind } from '@lipcast/contracts';
import { BillingRepository } from '../database';

/** Each user's previews per kind and UTC day (`daily_usage`). */
@Injectable()
export class QuotasRepository extends BillingRepository {
  /**
   * Counts one preview of `kind` on `day` (`YYYY-MM-DD`) in one statement that only counts up while
   * under `limit`: answers the day's count, or null when the limit was reached (nothing counted).
   */
  async countOne(userId: string, kind: QuotaKind, day: string, limit: number): Promise<number | null> {
    const counted = await this.db
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
    return counted?.used ?? null;
  }

  /** The day's counts of the kinds the user has used. */
  usedOn(userId: string, day: string): Promise<{ kind: QuotaKind; used: number }[]> {
    return this.db.selectFrom('daily_usage').select(['kind', 'used']).where('userId', '=', userId).where('day', '=', day).execute();
  }
}
