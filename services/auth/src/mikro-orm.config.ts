import { serviceOrmConfig } from '@lipcast/nest-kit';
import { ApiKeyEntity } from './api-keys/api-key.entity';
import { Migration20261122000000 } from './migrations/Migration20261122000000';
import { Migration20261126000000 } from './migrations/Migration20261126000000';
import { Migration20261128000000 } from './migrations/Migration20261128000000';
import { Migration20261129000000 } from './migrations/Migration20261129000000';
import { DeletedIdentityEntity } from './users/deleted-identity.entity';
import { UserEntity } from './users/user.entity';

/** The PostgreSQL schema that holds every auth table. */
export const AUTH_SCHEMA = 'auth';

/** Every auth table; the typed query builder (`authDatabase`) is inferred from this list. */
export const authEntities = [UserEntity, ApiKeyEntity, DeletedIdentityEntity] as const;

export const ormConfig = serviceOrmConfig(AUTH_SCHEMA, authEntities, {
  Migration20261122000000,
  Migration20261126000000,
  Migration20261128000000,
  Migration20261129000000,
});
