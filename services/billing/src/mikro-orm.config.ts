import { createOrmConfig } from '@lipcast/nest-kit';
import { Migration20261122000000 } from './migrations/Migration20261122000000';
import { Migration20261122110000 } from './migrations/Migration20261122110000';
import { Migration20261123000000 } from './migrations/Migration20261123000000';
import { Migration20261201000000 } from './migrations/Migration20261201000000';
import { Migration20261201100000 } from './migrations/Migration20261201100000';
import { Migration20261202000000 } from './migrations/Migration20261202000000';
import { CreditAdjustmentEntity } from './admin/credit-adjustment.entity';
import { PlanEntity } from './plans/plan.entity';
import { DailyUsageEntity } from './quotas/daily-usage.entity';

export const ormConfig = (databaseUrl: string) =>
  createOrmConfig({
    schema: 'billing',
    databaseUrl,
    entities: [PlanEntity, DailyUsageEntity, CreditAdjustmentEntity],
    migrations: [
      { name: 'Migration20261122000000', class: Migration20261122000000 },
      { name: 'Migration20261122110000', class: Migration20261122110000 },
      { name: 'Migration20261123000000', class: Migration20261123000000 },
      { name: 'Migration20261201000000', class: Migration20261201000000 },
      { name: 'Migration20261201100000', class: Migration20261201100000 },
      { name: 'Migration20261202000000', class: Migration20261202000000 },
    ],
  });
