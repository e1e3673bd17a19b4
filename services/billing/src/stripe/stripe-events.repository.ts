import { Injectable } from '@nestjs/common';
import { BillingRepository } from '../database';

/** The Stripe webhook events already applied (`stripe_event`), so exact repeats are skipped. */
@Injectable()
export class StripeEventsRepository extends BillingRepository {
  async isApplied(eventId: string): Promise<boolean> {
    const seen = await this.db.selectFrom('stripe_event').select('id').where('id', '=', eventId).executeTakeFirst();
    return seen !== undefined;
  }

  /** Records the event as applied; recording it twice is fine. */
  async recordApplied(eventId: string, type: string): Promise<void> {
    await this.db.insertInto('stripe_event').values({ id: eventId, type }).onConflict((conflict) => conflict.doNothing()).execute();
  }
}
