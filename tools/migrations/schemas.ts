/* eslint-disable @nx/enforce-module-boundaries -- the migration checks read every process's migration list, as the migrate step runs them */
import type { MigrationObject } from '@mikro-orm/core';
import type { Options } from '@mikro-orm/postgresql';
import { ormConfig as gatewayOrmConfig } from '../../gateway/src/mikro-orm.config';
import { ormConfig as authOrmConfig } from '../../services/auth/src/mikro-orm.config';
import { ormConfig as billingOrmConfig } from '../../services/billing/src/mikro-orm.config';
import { ormConfig as contentOrmConfig } from '../../services/content/src/mikro-orm.config';
import { ormConfig as generationOrmConfig } from '../../services/generation/src/mikro-orm.config';

/** Every PostgreSQL schema with its ORM configuration: the gateway and the four services. */
export const SCHEMAS: { schema: string; ormConfig: (databaseUrl: string) => Options }[] = [
  { schema: 'gateway', ormConfig: gatewayOrmConfig },
  { schema: 'auth', ormConfig: authOrmConfig },
  { schema: 'billing', ormConfig: billingOrmConfig },
  { schema: 'content', ormConfig: contentOrmConfig },
  { schema: 'generation', ormConfig: generationOrmConfig },
];

/** A schema's migrations in the order the migrate step applies them. */
export function migrationsOf(ormConfig: (databaseUrl: string) => Options): MigrationObject[] {
  return (ormConfig('postgresql://unused/none').migrations?.migrationsList ?? []) as MigrationObject[];
}
