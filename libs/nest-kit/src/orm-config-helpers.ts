import type { MigrationObject } from '@mikro-orm/core';
import type { Options } from '@mikro-orm/postgresql';
import { createOrmConfig, type ServiceOrmOptions } from './orm';

/**
 * A service's ORM configuration for the database URL it is given (`createOrmConfig`), from its schema,
 * its entities and its migrations in order, each named by its key (a key survives bundling as it is).
 */
export const serviceOrmConfig =
  (schema: ServiceOrmOptions['schema'], entities: readonly ServiceOrmOptions['entities'][number][], migrations: Record<string, MigrationObject['class']>) =>
  (databaseUrl: string): Options =>
    createOrmConfig({ schema, databaseUrl, entities: [...entities], migrations: Object.entries(migrations).map(([name, migration]) => ({ name, class: migration })) });
