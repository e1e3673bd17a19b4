import { createOrmConfig } from '@lipcast/nest-kit';
import { Migration20261122100000 } from './migrations/Migration20261122100000';

/** The gateway owns only its sessions table, written with plain SQL; the ORM runs its migrations. */
export const ormConfig = (databaseUrl: string) =>
  createOrmConfig({
    schema: 'gateway',
    databaseUrl,
    entities: [],
    migrations: [{ name: 'Migration20261122100000', class: Migration20261122100000 }],
  });
