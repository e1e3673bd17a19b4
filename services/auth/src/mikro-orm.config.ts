import { createOrmConfig } from '@lipcast/nest-kit';
import { Migration20261122000000 } from './migrations/Migration20261122000000';
import { UserEntity } from './users/user.entity';

/** The PostgreSQL schema that holds every auth table. */
export const AUTH_SCHEMA = 'auth';

/** Every auth table; the typed query builder (`authDatabase`) is inferred from this list. */
export const authEntities = [UserEntity] as const;

export const ormConfig = (databaseUrl: string) =>
  createOrmConfig({
    schema: AUTH_SCHEMA,
    databaseUrl,
    entities: [...authEntities],
    migrations: [{ name: 'Migration20261122000000', class: Migration20261122000000 }],
  });
