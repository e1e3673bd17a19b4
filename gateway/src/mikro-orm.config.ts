import { createOrmConfig } from '@lipcast/nest-kit';
import { Migration20261122100000 } from './migrations/Migration20261122100000';
import { Migration20261123160000 } from './migrations/Migration20261123160000';
import { Migration20261124000000 } from './migrations/Migration20261124000000';
import { AuditEntryEntity } from './admin/audit-entry.entity';

/** The gateway's sessions and rate-limit tables are written with plain SQL; the admin audit log is an entity. */
export const ormConfig = (databaseUrl: string) =>
  createOrmConfig({
    schema: 'gateway',
    databaseUrl,
    entities: [AuditEntryEntity],
    migrations: [
      { name: 'Migration20261122100000', class: Migration20261122100000 },
      { name: 'Migration20261123160000', class: Migration20261123160000 },
      { name: 'Migration20261124000000', class: Migration20261124000000 },
    ],
  });
