import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { EntityManager } from '@mikro-orm/postgresql';
import { Subjects, type Plan as PlanDto } from '@lipcast/contracts';
import { PriceCatalog } from '../stripe/price-catalog.service';
import { PlanEntity } from './plan.entity';

@Controller()
export class PlansController {
  constructor(
    private readonly em: EntityManager,
    private readonly catalog: PriceCatalog,
  ) {}

  /** Active plans, monthly first, then by price; with their Stripe price ids once Stripe has answered. */
  @MessagePattern(Subjects.billing.plansList)
  async list(): Promise<PlanDto[]> {
    await this.catalog.ready().catch(() => undefined);
    const plans = await this.em.find(PlanEntity, { isActive: true }, { orderBy: [{ interval: 'asc' }, { price: 'asc' }] });
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
