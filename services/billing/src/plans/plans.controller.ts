import { Controller } from '@nestjs/common';
import { Subjects, type Plan as PlanDto } from '@lipcast/contracts';
import { Handles } from '@lipcast/nest-kit';
import { PriceCatalog } from '../stripe/price-catalog.service';
import { PlansRepository } from './plans.repository';

@Controller()
export class PlansController {
  constructor(
    private readonly plans: PlansRepository,
    private readonly catalog: PriceCatalog,
  ) {}

  /** Active plans, monthly first, then by price; with their Stripe price ids once Stripe has answered. */
  @Handles(Subjects.billing.plansList)
  async list(): Promise<PlanDto[]> {
    await this.catalog.ready().catch(() => undefined);
    const plans = await this.plans.listActive();
    return plans.map((plan) => ({
      id: plan.id,
      name: plan.name,
      description: plan.description,
      price: plan.price,
      interval: plan.interval,
      isActive: plan.isActive,
      generationsLimit: plan.generationsLimit,
      stripePriceId: plan.stripePriceId ?? null,
    }));
  }
}
