import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { billingDatabase } from '../database';

/** The Stripe webhook events already applied (`stripe_event`), so exact repeats are skipped. */
@Injectable()
export class StripeEventsRepository {
  constructor(private readonly em: EntityManager) {}

  private get db() {
    return billingDatabase(this.em);
  }

  async isApplied(eventId: string): Promise<boolean> {
    const seen = await this.db.selectFrom('stripe_event').select('id').where('id', '=', eventId).executeTakeFirst();
    return seen !== undefined;
  }

  /** Records the event as applied; recording it twice is fine. */
  async recordApplied(eventId: string, type: string): Promise<void> {
    await this.db.insertInto('stripe_event').values({ id: eventId, type }).onConflict((conflict) => conflict.doNothing()).execute();
  }
}
