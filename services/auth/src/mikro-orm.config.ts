import { createOrmConfig } from '@lipcast/nest-kit';
import { Migration20261122000000 } from './migrations/Migration20261122000000';
import { UserEntity } from './users/user.entity';

export const ormConfig = (databaseUrl: string) =>
  createOrmConfig({
    schema: 'auth',
    databaseUrl,
    entities: [UserEntity],
    migrations: [{ name: 'Migration20261122000000', class: Migration20261122000000 }],
  });
