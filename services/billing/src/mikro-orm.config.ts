import { createOrmConfig } from '@lipcast/nest-kit';
import { Migration20261122000000 } from './migrations/Migration20261122000000';
import { PlanEntity } from './plans/plan.entity';

export const SERVICE = 'billing' as const;

export const ormConfig = (databaseUrl: string) =>
  createOrmConfig({
    schema: SERVICE,
    databaseUrl,
    entities: [PlanEntity],
    migrations: [{ name: 'Migration20261122000000', class: Migration20261122000000 }],
  });
