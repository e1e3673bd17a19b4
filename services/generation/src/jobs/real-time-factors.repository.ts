import { Injectable } from '@nestjs/common';
import { generationDatabase, GenerationRepository, type GenerationRow } from '../database';
import type { RealTimeFactor, RealTimeFactorKey } from './job-estimates';

/** The measured real-time factors (`real_time_factor`), one per kind, provider and format. */
@Injectable()
export class RealTimeFactorsRepository extends GenerationRepository {
  all(): Promise<GenerationRow<'real_time_factor'>[]> {
    return this.db.selectFrom('real_time_factor').selectAll().execute();
  }

  /**
   * Moves one figure in a transaction that locks its row: `next` is given the stored figure (none
   * before the first measurement) and answers the new one to store, or null to leave it.
   */
  async update(key: RealTimeFactorKey, next: (stored: GenerationRow<'real_time_factor'> | undefined) => RealTimeFactor | null): Promise<void> {
    await this.em.transactional(async (em) => {
      const db = generationDatabase(em);
      const stored = await db.selectFrom('real_time_factor').selectAll().where('kind', '=', key.kind).where('provider', '=', key.provider).where('format', '=', key.format).forUpdate().executeTakeFirst();
      const figure = next(stored);
      if (!figure) return;
      const { factor, outputSeconds, samples, updatedAt } = figure;
      await db
        .insertInto('real_time_factor')
        .values(figure)
        .onConflict((conflict) => conflict.columns(['kind', 'provider', 'format']).doUpdateSet({ factor, outputSeconds, samples, updatedAt }))
        .execute();
    });
  }
}
