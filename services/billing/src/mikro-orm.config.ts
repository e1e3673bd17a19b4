import { serviceOrmConfig } from '@lipcast/nest-kit';
import { Migration20261122000000 } from './migrations/Migration20261122000000';
import { Migration20261122110000 } from './migrations/Migration20261122110000';
import { Migration20261123000000 } from './migrations/Migration20261123000000';
import { Migration20261201000000 } from './migrations/Migration20261201000000';
import { Migration20261201100000 } from './migrations/Migration20261201100000';
import { Migration20261202000000 } from './migrations/Migration20261202000000';
import { Migration20261203000000 } from './migrations/Migration20261203000000';
import { CreditAdjustmentEntity } from './admin/credit-adjustment.entity';
import { AccountEntity } from './credits/account.entity';
import { PackGrantEntity } from './credits/pack-grant.entity';
import { ReservationEntity } from './credits/reservation.entity';
import { PlanEntity } from './plans/plan.entity';
import { DailyUsageEntity } from './quotas/daily-usage.entity';
import { CustomerEntity } from './stripe/customer.entity';
import { StripeEventEntity } from './stripe/stripe-event.entity';

/** The PostgreSQL schema that holds every billing table. */
export const BILLING_SCHEMA = 'billing';

/** Every billing table; the typed query builder (`billingDatabase`) is inferred from this list. */
export const billingEntities = [
  PlanEntity,
  AccountEntity,
  ReservationEntity,
  PackGrantEntity,
  CreditAdjustmentEntity,
  DailyUsageEntity,
  CustomerEntity,
  StripeEventEntity,
] as const;

export const ormConfig = serviceOrmConfig(BILLING_SCHEMA, billingEntities, {
  Migration20261122000000,
  Migration20261122110000,
  Migration20261123000000,
  Migration20261201000000,
  Migration20261201100000,
  Migration20261202000000,
  Migration20261203000000,
});
