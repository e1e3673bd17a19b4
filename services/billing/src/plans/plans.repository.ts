import { Injectable } from '@nestjs/common';
import { billingDatabase, BillingRepository } from '../database';
import { PlanEntity, type Plan } from './plan.entity';

/** The plans on sale (`plan`, seeded by migration) and their current Stripe prices. */
@Injectable()
export class PlansRepository extends BillingRepository {
  /** Active plans, monthly first, then by price. */
  listActive(): Promise<Plan[]> {
    return this.em.find(PlanEntity, { isActive: true }, { orderBy: [{ interval: 'asc' }, { price: 'asc' }] });
  }

  /** The cheapest active plan of an interval. */
  findActive(interval: Plan['interval']): Promise<Plan | null> {
    return this.em.findOne(PlanEntity, { isActive: true, interval }, { orderBy: { price: 'asc' } });
  }

  /** The plan whose current Stripe price this is. */
  findByStripePrice(stripePriceId: string): Promise<Plan | null> {
    return this.em.findOne(PlanEntity, { stripePriceId });
  }

  /**
   * Sets every monthly plan's amount to `monthlyPrice` (cents), then each active plan's Stripe price id
   * to what `stripePriceOf` answers for it (which may create the price at Stripe); answers the active
   * plans. Runs on an entity manager of its own: it is called outside any request (at start-up).
   */
  async updatePrices(monthlyPrice: number, stripePriceOf: (plan: Plan) => Promise<string>): Promise<Plan[]> {
    const em = this.em.fork();
    await billingDatabase(em).updateTable('plan').set({ price: monthlyPrice }).where('interval', '=', 'month').where('price', '!=', monthlyPrice).execute();
    const plans = await em.find(PlanEntity, { isActive: true });
    for (const plan of plans) plan.stripePriceId = await stripePriceOf(plan);
    await em.flush();
    return plans;
  }
}
