import { createOrmConfig } from '@lipcast/nest-kit';
import { Migration20261122100000 } from './migrations/Migration20261122100000';
import { Migration20261123160000 } from './migrations/Migration20261123160000';

/** The gateway owns only its sessions and rate-limit tables, written with plain SQL; the ORM runs its migrations. */
export const ormConfig = (databaseUrl: string) =>
  createOrmConfig({
    schema: 'gateway',
    databaseUrl,
    entities: [],
    migrations: [
      { name: 'Migration20261122100000', class: Migration20261122100000 },
      { name: 'Migration20261123160000', class: Migration20261123160000 },
    ],
  });
